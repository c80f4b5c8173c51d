"""Rule references for `promised_day`: rule id -> section, our explanation.

Sections are those of The Promised Day rulebook
(`../shared/rulebooks/promised-day.txt`); the explanations are written for
this project.  "Our reading" marks a choice where the rulebook is silent,
with the reason.
"""

from engine.core.rules import CORE_RULES, RuleBook, RuleRef

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
BONUS = "7. Transmutation Bonus Card Effects"
EVENT = "7. Event Card Effects"
SMALL = "7. Rule Changes When Playing with 1 or 2 Players"
OURS = " (our reading: the rulebook is silent)"


def _refs(section: str, prefix: str, **rules: str) -> list[RuleRef]:
    return [RuleRef(f"promised_day.{prefix}.{key.replace('_', '-')}", section, text)
            for key, text in rules.items()]


RULES = CORE_RULES + RuleBook(*[
    *_refs(SETUP, "setup",
           numbers="The game records its player count, actions per character, seven rounds, the "
                   "first '+2' round, the damage track of seven and the forty soldier tokens.",
           board="The Central City board: five Areas, each a chain of Spaces from the centre "
                 "outward, each Space with one to three Spots, joined by lines.",
           tiles="The five Transmutation Circle tiles are shuffled and one lies face up beside "
                 "each Area, in Area order.",
           character="Each chosen character comes with its summary (move, life, special action) "
                     "and its life marker on the top of its track.",
           companion="Hawkeye or Greed & Ling Yao keeps the two bonus cards showing its own "
                     "Companion icon beside the summary, out of the bonus deck.  Each of the two "
                     "has its own pair" + OURS + ": the rulebook lets both be chosen and gives "
                     "each two cards, so they cannot share one pair.",
           bonus="The bonus cards are shuffled face down and the top three are turned face up on "
                 "the Round Board.",
           bosses="The difficulty decides how many Boss cards are revealed at set-up; each such "
                  "boss stands in its space with full life.",
           round_board="The Boss cards not revealed are shuffled with the six Event cards and one "
                       "lies face down above each round from the second" + OURS + "; six rounds "
                       "have a Homunculus turn, so six cards are needed.",
           soldier_deck="The thirty Mannequin Soldier cards are shuffled face down.",
           soldiers="The starting soldiers appear as in a Homunculus turn: cards are flipped until "
                    "at least nine tokens (four with one or two players) are placed" + OURS + ".",
           deck="Each character's sixteen cards are shuffled face down as its deck.",
           hand="Each character starts with four cards; hands are secret from the other players "
                "(a solo player sees both of their characters' hands).",
           start_space="Each player puts its character on a space no other character chose, "
                       "the players in any order (a solo player places its two characters one "
                       "after the other).  They choose once the bosses and the starting soldiers "
                       "stand on the board" + OURS + ": the moment of the starting soldiers is "
                       "not printed, and one set-up command keeps every shuffle and flip "
                       "together."),
    *_refs(SMALL, "small",
           flip_tile="With one or two players one of the two '3 + 2' tiles starts face down; "
                     "the players choose which (the first seat gives the answer), before the "
                     "starting spaces."),
    *_refs(END, "end",
           victory="The players win the moment the last Transmutation Circle tile turns face "
                   "down.",
           damage_track="The players lose the moment a seventh soldier token lands on the "
                        "damage track.",
           life="The players lose the moment any character's life reaches zero.",
           stock="By default the players lose the moment the Stock holds no soldier token, "
                 "not only when one is needed" + OURS + ": the condition is stated as a state "
                 "of the Stock.  The option empty_stock=when-needed takes the other reading.",
           stock_needed="With empty_stock=when-needed, the players lose when a soldier token "
                        "must come from the Stock and none is left.",
           rounds="The players lose when the seventh round ends with a tile still face up."),
    *_refs(PLAY, "round",
           first="Round one has no Homunculus turn: the characters take their turns at once, "
                 "the first seat holding the Start Player marker" + OURS + ".",
           begin="A new round begins with its Homunculus turn, then the characters' turns from "
                 "the Start Player onward.",
           end="The round ends once every character has had its turn.",
           start_player="At the end of a round the Start Player marker passes to the next seat "
                        "to the left (in a solo game, to the other character)."),
    *_refs(HOM, "homunculus",
           turn="From round two on, each round opens with the Homunculus turn, played by the "
                "system seat one step at a time.",
           order="The Homunculus turn goes through its five steps in order; a step waits while "
                 "an Event card's question is open.",
           abilities="Step 1: each boss on the board uses its ability, lowest Area first.",
           reveal="Step 2: the Homunculus card above the current round is turned face up.",
           march="Step 3: the soldiers in the Areas the card names march outward.",
           appearance="Step 4: new soldiers appear from the centre of the city.",
           check="Step 5: characters sharing a space with enemies take damage."),
    *_refs(REVEAL, "homunculus",
           boss_arrives="A Boss card puts its boss on a spot of its space with full life; its "
                        "ability waits until the next Homunculus turn.",
           boss_pushes_soldier="When the boss's space has no free spot, one soldier there first "
                               "moves out as in a March to make room.",
           boss_space_full="A space full of bosses alone sends the arriving boss to the next "
                           "space outward with room" + OURS + "; with our board's one boss per "
                           "Area it cannot happen."),
    *_refs(ABIL, "boss",
           wound_outermost="Wrath: every character standing on an outermost space loses one "
                           "life.",
           march_1_2_3="Sloth: the soldiers of Areas 1, 2 and 3 march, in that order.",
           two_soldiers_area_3="Envy: two soldiers from the Stock are placed in Area 3 as in an "
                               "Appearance.",
           wound_areas_3_4_5="Pride: every character in Areas 3, 4 and 5 loses one life.",
           soldier_to_damage_track="Kimblee: one soldier token goes from the Stock straight onto "
                                   "the damage track."),
    *_refs(MARCH, "march",
           area="Each Area the card names marches in turn, in ascending order" + OURS + " (the "
                "rulebook's example does Area 1 before Area 5).",
           outward="Each soldier moves one space outward, the outermost space's soldiers first; a "
                   "space with no free spot is skipped and the soldier goes further out.",
           off_board="A soldier pushed past the outermost space damages the city: it goes onto "
                     "the damage track."),
    *_refs(APPEAR, "appearance",
           flip="Soldier cards are flipped one at a time until at least the card's number of "
                "tokens has been placed, two more from the fourth round on.",
           innermost="Tokens go on the innermost free spots of the named Area, the overflow on "
                     "the next space outward.",
           off_board="A token with no free spot left in its Area goes onto the damage track, and "
                     "still counts toward the number.",
           reshuffle="An empty soldier deck is reshuffled from its flipped cards before the next "
                     "flip" + OURS + "."),
    *_refs(CHECK, "check",
           damage="Each character in a space holding any soldier or boss loses exactly one "
                  "life, however many enemies are there."),
    *_refs(TURN, "turn",
           order="Characters take their turns one after another from the Start Player, each "
                 "with the number of actions the player count gives (4, 4, 3 or 2).",
           phase="A command fits only its part of the game: set-up choices, the Homunculus "
                 "turn's questions, or a character's turn.",
           actions="Once the character has used all its actions, its turn ends.",
           basic_movement_first="A turn starts with the basic movement; the actions come "
                                "after it.",
           end_early="A player may end the turn with actions left: any action could be spent "
                     "as a Move of no distance" + OURS + "."),
    *_refs(MOVE, "move",
           basic="Basic movement takes the character up to its move along the lines; it may "
                 "stay, and other tokens never block it.",
           basic_once="Basic movement happens once, at the start of the turn.",
           space="A command must name a space of the board."),
    *_refs(ACTION, "action",
           attack="One action: play a card to attack.",
           alchemy="One action: play two paired cards for Alchemy or Alkahestry.",
           replenish="One action draws the top card of the character's deck.",
           replenish_empty="With its deck empty a character can no longer replenish.",
           move="One action moves the character as a basic movement does: up to its move "
                "along the lines, and (as with basic movement) it may choose not to move.",
           complete="One action completes the Reverse Transmutation Circle of the character's "
                    "Area.",
           companion="One action: Hawkeye or Greed & Ling Yao uses one of the Companion bonus "
                     "cards beside the summary, then discards it."),
    *_refs(ATTACK, "attack",
           card_in_hand="Only a card in the character's own hand can be played.",
           card_to_circle="The played card stays in the Transmutation Circle space of the Area "
                          "the character stands in.",
           damage="Each point of damage removes one soldier to the Stock or takes one life from "
                  "a boss, anywhere within the card's range.",
           range="Range counts lines from the character's space (its own space is range 0).",
           target="A target is a space with soldiers or a boss on the board, and takes no more "
                  "damage than it has soldiers or life.",
           all_damage="Damage goes as far as the targets in range allow" + OURS + ": 'allocate "
                      "freely' shares it out, and a card with no target may still be played.",
           boss_defeated="A boss at zero life leaves the board and its tile is turned over."),
    *_refs(ALCHEMY, "alchemy",
           who="Only Ed, Al, Mustang and Scar have Alchemy or Alkahestry.",
           paired="Alchemy needs two cards of the hand showing the same paired icon.",
           cards_to_circle="Both cards stay in the Transmutation Circle space of the character's "
                           "Area.",
           ed_alchemy="Ed: three damage in his space and one in each space at range one.",
           al_alchemy="Al: three damage shared among targets up to range three: a total, not "
                      "three in each space (our reading of a short text: Ed's and Mustang's say "
                      "'all' spaces where each one is hit, Al's does not).",
           mustang_alchemy="Mustang: two damage in his space and one in each other space of his "
                           "Area.",
           scar_alkahestry="Scar: four damage in his own space."),
    *_refs(CIRCLE, "circle",
           who="Only Ed, Al, Mustang and Scar can complete a Reverse Transmutation Circle.",
           done="A tile already face down cannot be completed again.",
           three_and_two="'3 + 2' tile: three cards of one colour and two of another in the "
                         "Area's circle; Black Hayate counts as any colour.",
           four_same_colour="Four cards of one colour in the Area's circle.",
           four_colours="Four cards of four different colours in the Area's circle.",
           seven_cards="Seven cards of any colours in the Area's circle."),
    *_refs(BONUS, "bonus",
           choose="After a tile turns face down, the player picks one face-up bonus card and "
                  "resolves it at once.",
           discard="A resolved bonus card is discarded.",
           reveal_new="A new bonus card is turned face up from the deck while it has cards "
                      "(an empty deck reveals none" + OURS + ").",
           heal_two="Maria Ross: two life back, to one character or one each to two; never "
                    "above a character's starting life" + OURS + ".",
           draw_two="Jean Havoc: two cards drawn, by one character or one each by two; as many "
                    "as the decks still hold" + OURS + ": like an attack's damage, the effect "
                    "goes as far as it can.",
           relocate="Lan Fan: one character goes to any space of the board other than its "
                    "own" + OURS + ": staying where it is would move no one.",
           boss_damage="Fu: two damage to one boss, or one each to two bosses; a boss takes no "
                       "more than its life, so a boss at one life shares the second point with "
                       "another boss if there is one" + OURS + ", as with attacks.",
           one_per_area="Armstrongs: one soldier removed from each Area that has any.",
           draw_and_heal="Winry: one character draws a card and one character regains a life; "
                         "'none' stands for the half that nobody can use (every deck empty, "
                         "every character at full life)" + OURS + ".",
           clear_track_two="Van Hohenheim: two tokens leave the damage track for the Stock.",
           three_in_area="The Curtises: three soldiers removed from one Area, or all of them "
                         "if the chosen Area holds fewer" + OURS + ".",
           remove_two="May Chang: any two soldiers removed from the board (fewer only if the "
                      "board holds fewer).",
           wild_card="Black Hayate joins any Area's Transmutation Circle space as a card of any "
                     "colour."),
    *_refs(TURN + " > Companion", "companion",
           who="Only Hawkeye and Greed & Ling Yao have the Companion action.",
           card="The bonus card used must be one still beside the character's summary."),
    *_refs(EVENT, "event",
           gather_innermost="Every character moves to the innermost space of its own Area.",
           discard_two="The players discard two cards between them, as they agree; with fewer "
                       "cards in all hands, all of them.",
           discard_one="One player discards a card, as the players agree; no cards, no effect.",
           wound_two="Two damage shared among the characters, as the players agree.",
           discard="A seat answers the question by discarding one of its own cards; any seat "
                   "holding cards may, which is how 'discuss and decide' is played here.",
           discard_own="A seat can discard only from its own characters' hands.",
           wound="A seat takes one of the damage on one of its own characters.",
           wound_own="A seat can volunteer only its own characters for the damage" + OURS +
                     ": taking the damage is that player's to accept.",
           no_question="Discards and damage are answers to an Event card's open question "
                       "only."),
])
