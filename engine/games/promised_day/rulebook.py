"""Rule references for `promised_day`: rule id -> section, our explanation.

Sections are those of The Promised Day rulebook
(`../shared/rulebooks/promised-day.txt`); the explanations are written for
this project.  "Our reading" marks a choice where the rulebook is silent,
with the reason.  Each id is written here as the literal string the code
that raises or cites it uses, so `grep` finds both ends.
"""

from engine.core.rules import CORE_RULES, RuleBook, table

SETUP = "3. Set Up"
END = "4. Game End Conditions / 6. End of Game"
PLAY = "5. Game Play"
HOM = "5. Game Play > Homunculus Turn"
ABIL = HOM + " > 1. Activate Boss Ability; 7. Boss Abilities"
REVEAL = HOM + " > 2. Reveal Homunculus Card"
MARCH = HOM + " > 3. March"
APPEAR = HOM + " > 4. Appearance of Mannequin Soldiers"
CHECK = HOM + " > 5. Damage Check"
TURN = "5. Game Play > Player Turns"
MOVE = TURN + " > 1. Basic Movement"
ACTION = TURN + " > 2. Action"
ATTACK = ACTION + " > Attack; Attack and Range Rules"
ALCHEMY = ACTION + " > Alchemy/Alkahestry; 7. Character Actions"
CIRCLE = ACTION + " > The Reverse Transmutation Circle"
COMPANION = TURN + " > Companion"
BONUS = "7. Transmutation Bonus Card Effects"
EVENT = "7. Event Card Effects"
SMALL = "7. Rule Changes When Playing with 1 or 2 Players"
POSITION = "boardlog: positions (docs/positions/promised_day.md)"

RULES = CORE_RULES + RuleBook(*[
    *table(SETUP, {
        "promised_day.setup.numbers":
            "The game records its player count, actions per character, seven rounds, the first "
            "'+2' round, the damage track of seven and the forty soldier tokens.",
        "promised_day.setup.board":
            "The Central City board: five Areas, each a chain of Spaces from the centre outward, "
            "each Space with one to three Spots, joined by lines.",
        "promised_day.setup.tiles":
            "The five Transmutation Circle tiles are shuffled and one lies face up beside each "
            "Area, in Area order.",
        "promised_day.setup.character":
            "Each chosen character comes with its summary (move, life, special action) and its "
            "life marker on the top of its track.",
        "promised_day.setup.companion":
            "Hawkeye or Greed & Ling Yao keeps the two bonus cards showing its own Companion "
            "icon beside the summary, out of the bonus deck.  Each of the two has its own pair "
            "(our reading: the rulebook is silent): the rulebook lets both be chosen and gives "
            "each two cards, so they cannot share one pair.",
        "promised_day.setup.bonus":
            "The bonus cards are shuffled face down and the top three are turned face up on the "
            "Round Board.",
        "promised_day.setup.bosses":
            "The difficulty decides how many Boss cards are revealed at set-up; each such boss "
            "stands in its space with full life.",
        "promised_day.setup.round-board":
            "The Boss cards not revealed are shuffled with the six Event cards and one lies face "
            "down above each round from the second (our reading: the rulebook is silent); six "
            "rounds have a Homunculus turn, so six cards are needed.",
        "promised_day.setup.soldier-deck":
            "The thirty Mannequin Soldier cards are shuffled face down.",
        "promised_day.setup.soldiers":
            "The starting soldiers appear as in a Homunculus turn: cards are flipped until at "
            "least nine tokens (four with one or two players) are placed (our reading: the "
            "rulebook is silent).",
        "promised_day.setup.deck":
            "Each character's sixteen cards are shuffled face down as its deck.",
        "promised_day.setup.hand":
            "Each character starts with four cards; hands are secret from the other players (a "
            "solo player sees both of their characters' hands).  A spectator sees no hand, a "
            "solo player's included (our reading: the rulebook lays a solo player's hands "
            "face up only to keep the two characters' cards apart, and says nothing of "
            "onlookers).  Every deck's order is secret, its owner's too.",
        "promised_day.setup.start-space":
            "Each player puts its character on a space no other character chose, the players in "
            "any order (a solo player places its two characters one after the other).  They "
            "choose once the bosses and the starting soldiers stand on the board (our reading: "
            "the rulebook is silent): the moment of the starting soldiers is not printed, and "
            "one set-up command keeps every shuffle and flip together.",
    }),
    *table(SMALL, {
        "promised_day.small.flip-tile":
            "With one or two players one of the two '3 + 2' tiles starts face down; the players "
            "choose which (the first seat gives the answer), before the starting spaces.",
    }),
    *table(END, {
        "promised_day.end.victory":
            "The players win the moment the last Transmutation Circle tile turns face down.",
        "promised_day.end.damage-track":
            "The players lose the moment a seventh soldier token lands on the damage track.",
        "promised_day.end.life":
            "The players lose the moment any character's life reaches zero.",
        "promised_day.end.stock":
            "By default the players lose the moment the Stock holds no soldier token, not only "
            "when one is needed (our reading: the rulebook is silent): the condition is stated "
            "as a state of the Stock.  The option empty_stock=when-needed takes the other "
            "reading.",
        "promised_day.end.stock-needed":
            "With empty_stock=when-needed, the players lose when a soldier token must come from "
            "the Stock and none is left.",
        "promised_day.end.rounds":
            "The players lose when the seventh round ends with a tile still face up.",
    }),
    *table(PLAY, {
        "promised_day.round.first":
            "Round one has no Homunculus turn: the characters take their turns at once, the "
            "first seat holding the Start Player marker (our reading: the rulebook is silent).",
        "promised_day.round.begin":
            "A new round begins with its Homunculus turn, then the characters' turns from the "
            "Start Player onward.",
        "promised_day.round.end":
            "The round ends once every character has had its turn.",
        "promised_day.round.start-player":
            "At the end of a round the Start Player marker passes to the next seat to the left "
            "(in a solo game, to the other character).",
    }),
    *table(HOM, {
        "promised_day.homunculus.turn":
            "From round two on, each round opens with the Homunculus turn, played by the system "
            "seat one step at a time.",
        "promised_day.homunculus.order":
            "The Homunculus turn goes through its five steps in order; a step waits while an "
            "Event card's question is open.",
        "promised_day.homunculus.abilities":
            "Step 1: each boss on the board uses its ability, lowest Area first.",
        "promised_day.homunculus.reveal":
            "Step 2: the Homunculus card above the current round is turned face up.",
        "promised_day.homunculus.march":
            "Step 3: the soldiers in the Areas the card names march outward.",
        "promised_day.homunculus.appearance":
            "Step 4: new soldiers appear from the centre of the city.",
        "promised_day.homunculus.check":
            "Step 5: characters sharing a space with enemies take damage.",
    }),
    *table(REVEAL, {
        "promised_day.homunculus.boss-arrives":
            "A Boss card puts its boss on a spot of its space with full life; its ability waits "
            "until the next Homunculus turn.",
        "promised_day.homunculus.boss-pushes-soldier":
            "When the boss's space has no free spot, one soldier there first moves out as in a "
            "March to make room.",
        "promised_day.homunculus.boss-space-full":
            "A space full of bosses alone sends the arriving boss to the next space outward with "
            "room (our reading: the rulebook is silent); with our board's one boss per Area it "
            "cannot happen.",
    }),
    *table(ABIL, {
        "promised_day.boss.wound-outermost":
            "Wrath: every character standing on an outermost space loses one life.",
        "promised_day.boss.march-1-2-3":
            "Sloth: the soldiers of Areas 1, 2 and 3 march, in that order.",
        "promised_day.boss.two-soldiers-area-3":
            "Envy: two soldiers from the Stock are placed in Area 3.",
        "promised_day.boss.envy-as-appearance":
            "Envy's two tokens are placed as in an Appearance: each on the innermost space of "
            "Area 3 with a free spot, a token with no spot left in the Area onto the damage "
            "track (our reading: the ability says only 'place two tokens in Area 3'; the "
            "Appearance step is the rulebook's one way of placing new tokens in an Area, so "
            "Envy's follow it).",
        "promised_day.boss.wound-areas-3-4-5":
            "Pride: every character in Areas 3, 4 and 5 loses one life.",
        "promised_day.boss.soldier-to-damage-track":
            "Kimblee: one soldier token goes from the Stock straight onto the damage track.",
    }),
    *table(MARCH, {
        "promised_day.march.area":
            "Each Area the card names marches in turn, in ascending order (our reading: the "
            "rulebook is silent) (the rulebook's example does Area 1 before Area 5).",
        "promised_day.march.outward":
            "Each soldier moves one space outward, the outermost space's soldiers first; a space "
            "with no free spot is skipped and the soldier goes further out.",
        "promised_day.march.off-board":
            "A soldier pushed past the outermost space damages the city: it goes onto the damage "
            "track.",
    }),
    *table(APPEAR, {
        "promised_day.appearance.flip":
            "Soldier cards are flipped one at a time until at least the card's number of tokens "
            "has been placed, two more from the fourth round on.",
        "promised_day.appearance.innermost":
            "Tokens go on the innermost free spots of the named Area, the overflow on the next "
            "space outward.",
        "promised_day.appearance.off-board":
            "A token with no free spot left in its Area goes onto the damage track, and still "
            "counts toward the number.",
        "promised_day.appearance.reshuffle":
            "An empty soldier deck is reshuffled from its flipped cards before the next flip "
            "(our reading: the rulebook is silent).",
    }),
    *table(CHECK, {
        "promised_day.check.damage":
            "Each character in a space holding any soldier or boss loses exactly one life, "
            "however many enemies are there.",
    }),
    *table(TURN, {
        "promised_day.turn.order":
            "Characters take their turns one after another from the Start Player, each with the "
            "number of actions the player count gives (4, 4, 3 or 2).",
        "promised_day.turn.phase":
            "A command fits only its part of the game: set-up choices, the Homunculus turn's "
            "questions, or a character's turn.",
        "promised_day.turn.actions":
            "Once the character has used all its actions, its turn ends.",
        "promised_day.turn.basic-movement-first":
            "A turn starts with the basic movement; the actions come after it.",
        "promised_day.turn.end-early":
            "A player may end the turn with actions left: any action could be spent as a Move of "
            "no distance (our reading: the rulebook is silent).",
    }),
    *table(MOVE, {
        "promised_day.move.basic":
            "Basic movement takes the character up to its move along the lines; it may stay, and "
            "other tokens never block it.",
        "promised_day.move.basic-once":
            "Basic movement happens once, at the start of the turn.",
        "promised_day.move.space":
            "A command must name a space of the board.",
    }),
    *table(ACTION, {
        "promised_day.action.attack":
            "One action: play a card to attack.",
        "promised_day.action.alchemy":
            "One action: play two paired cards for Alchemy or Alkahestry.",
        "promised_day.action.replenish":
            "One action draws the top card of the character's deck.",
        "promised_day.action.replenish-empty":
            "With its deck empty a character can no longer replenish.",
        "promised_day.action.move":
            "One action moves the character as a basic movement does: up to its move along the "
            "lines, and (as with basic movement) it may choose not to move.",
        "promised_day.action.complete":
            "One action completes the Reverse Transmutation Circle of the character's Area.",
        "promised_day.action.companion":
            "One action: Hawkeye or Greed & Ling Yao uses one of the Companion bonus cards "
            "beside the summary, then discards it.",
    }),
    *table(ATTACK, {
        "promised_day.attack.card-in-hand":
            "Only a card in the character's own hand can be played.",
        "promised_day.attack.card-to-circle":
            "The played card stays in the Transmutation Circle space of the Area the character "
            "stands in.",
        "promised_day.attack.damage":
            "Each point of damage removes one soldier to the Stock or takes one life from a "
            "boss, anywhere within the card's range.",
        "promised_day.attack.range":
            "Range counts lines from the character's space (its own space is range 0).",
        "promised_day.attack.target":
            "A target is a space with soldiers or a boss on the board, and takes no more damage "
            "than it has soldiers or life.",
        "promised_day.attack.all-damage":
            "Damage goes as far as the targets in range allow (our reading: the rulebook is "
            "silent): 'allocate freely' shares it out, and a card with no target may still be "
            "played.",
        "promised_day.attack.boss-defeated":
            "A boss at zero life leaves the board and its tile is turned over.",
    }),
    *table(ALCHEMY, {
        "promised_day.alchemy.who":
            "Only Ed, Al, Mustang and Scar have Alchemy or Alkahestry.",
        "promised_day.alchemy.paired":
            "Alchemy needs two cards of the hand showing the same paired icon.",
        "promised_day.alchemy.cards-to-circle":
            "Both cards stay in the Transmutation Circle space of the character's Area.",
        "promised_day.alchemy.ed-alchemy":
            "Ed: three damage in his space and one in each space at range one.",
        "promised_day.alchemy.al-alchemy":
            "Al: three damage shared among targets up to range three: a total, not three in each "
            "space (our reading of a short text: Ed's and Mustang's say 'all' spaces where each "
            "one is hit, Al's does not).",
        "promised_day.alchemy.mustang-alchemy":
            "Mustang: two damage in his space and one in each other space of his Area.",
        "promised_day.alchemy.scar-alkahestry":
            "Scar: four damage in his own space.",
    }),
    *table(CIRCLE, {
        "promised_day.circle.who":
            "Only Ed, Al, Mustang and Scar can complete a Reverse Transmutation Circle.",
        "promised_day.circle.done":
            "A tile already face down cannot be completed again.",
        "promised_day.circle.three-and-two":
            "'3 + 2' tile: three cards of one colour and two of another in the Area's circle; "
            "Black Hayate counts as any colour.",
        "promised_day.circle.four-same-colour":
            "Four cards of one colour in the Area's circle.",
        "promised_day.circle.four-colours":
            "Four cards of four different colours in the Area's circle.",
        "promised_day.circle.seven-cards":
            "Seven cards of any colours in the Area's circle.",
    }),
    *table(BONUS, {
        "promised_day.bonus.choose":
            "After a tile turns face down, the player picks one face-up bonus card and resolves "
            "it at once.",
        "promised_day.bonus.discard":
            "A resolved bonus card is discarded.",
        "promised_day.bonus.reveal-new":
            "A new bonus card is turned face up from the deck while it has cards (an empty deck "
            "reveals none (our reading: the rulebook is silent)).",
        "promised_day.bonus.heal-two":
            "Maria Ross: two life back, to one character or one each to two; never above a "
            "character's starting life (our reading: the rulebook is silent).",
        "promised_day.bonus.draw-two":
            "Jean Havoc: two cards drawn, by one character or one each by two; as many as the "
            "decks still hold (our reading: the rulebook is silent): like an attack's damage, "
            "the effect goes as far as it can.",
        "promised_day.bonus.relocate":
            "Lan Fan: one character goes to any space of the board other than its own (our "
            "reading: the rulebook is silent): staying where it is would move no one.",
        "promised_day.bonus.boss-damage":
            "Fu: two damage to one boss, or one each to two bosses; a boss takes no more than "
            "its life, so a boss at one life shares the second point with another boss if there "
            "is one (our reading: the rulebook is silent), as with attacks.",
        "promised_day.bonus.one-per-area":
            "Armstrongs: one soldier removed from each Area that has any.",
        "promised_day.bonus.draw-and-heal":
            "Winry: one character draws a card and one character regains a life; 'none' stands "
            "for the half that nobody can use (every deck empty, every character at full life) "
            "(our reading: the rulebook is silent).",
        "promised_day.bonus.clear-track-two":
            "Van Hohenheim: two tokens leave the damage track for the Stock.",
        "promised_day.bonus.three-in-area":
            "The Curtises: three soldiers removed from one Area, or all of them if the chosen "
            "Area holds fewer (our reading: the rulebook is silent).",
        "promised_day.bonus.remove-two":
            "May Chang: any two soldiers removed from the board (fewer only if the board holds "
            "fewer).",
        "promised_day.bonus.wild-card":
            "Black Hayate joins any Area's Transmutation Circle space as a card of any colour.",
    }),
    *table(COMPANION, {
        "promised_day.companion.who":
            "Only Hawkeye and Greed & Ling Yao have the Companion action.",
        "promised_day.companion.card":
            "The bonus card used must be one still beside the character's summary.",
    }),
    *table(EVENT, {
        "promised_day.event.gather-innermost":
            "Every character moves to the innermost space of its own Area.",
        "promised_day.event.discard-two":
            "The players discard two cards between them, as they agree; with fewer cards in all "
            "hands, all of them.",
        "promised_day.event.discard-one":
            "One player discards a card, as the players agree; no cards, no effect.",
        "promised_day.event.wound-two":
            "Two damage shared among the characters, as the players agree.",
        "promised_day.event.discard":
            "A seat answers the question by discarding one of its own cards; any seat holding "
            "cards may, which is how 'discuss and decide' is played here.  The discarded card "
            "lies face up with its character's discards (our reading: the rulebook hides the "
            "hands, not what leaves them).",
        "promised_day.event.discard-own":
            "A seat can discard only from its own characters' hands.",
        "promised_day.event.wound":
            "A seat takes one of the damage on one of its own characters.",
        "promised_day.event.wound-own":
            "A seat can volunteer only its own characters for the damage (our reading: the "
            "rulebook is silent): taking the damage is that player's to accept.",
        "promised_day.event.no-question":
            "Discards and damage are answers to an Event card's open question only.",
    }),
    *table(POSITION, {
        "promised_day.position.section":
            "A position is JSON of a known shape: each section and field where the format "
            "puts it, of its type (a number, a list of names, an object), none misspelt.",
        "promised_day.position.options":
            "The position's setup options are options of the game: one to four players, two "
            "characters solo and one a player otherwise, a known difficulty.",
        "promised_day.position.phase":
            "The phase, the round and the turn agree: round 0 is the set-up and the set-up "
            "round 0, the Homunculus turn comes from round 2 and stands between its steps, a "
            "turn belongs to a character in the players' phase, a result to a game over.",
        "promised_day.position.character":
            "Each character of the position is one of the game's, and after the set-up each "
            "stands on a space.",
        "promised_day.position.space":
            "Spaces and Areas are those of the board.",
        "promised_day.position.spots":
            "A space holds no more soldier and boss tokens than it has spots.",
        "promised_day.position.tokens":
            "The soldier tokens on the board, on the damage track and in the Stock are no "
            "more than the game's forty (fewer is allowed, to test the Stock's rules on a "
            "board with fewer spots than tokens).",
        "promised_day.position.card":
            "Every card is in one place: a Character card in its owner's hand, deck, discards "
            "or a circle; a bonus card in the deck, face up, discarded, beside its "
            "Companion's summary or (Black Hayate) in a circle; a soldier card in the deck or "
            "flipped.",
        "promised_day.position.life":
            "A character's life is between 0 and the top of its track.",
        "promised_day.position.boss":
            "A boss on the board has one life or more and at most its own; a defeated boss is "
            "off the board; a boss whose card is face down has not arrived, and one whose "
            "card is revealed has.",
        "promised_day.position.tile":
            "Each of the five Transmutation Circle tiles lies beside one Area.",
        "promised_day.position.homunculus":
            "One Homunculus card at most above each round from the second: those of rounds "
            "to come face down, those of rounds past (and of this round once its reveal step "
            "is over) face up.",
    }),
])
