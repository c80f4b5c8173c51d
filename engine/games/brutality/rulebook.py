"""Rule references for `brutality`: rule id -> rulebook section, our explanation.

Sections are those of the Brutality rulebook
(`../shared/rulebooks/brutality.txt`); the explanations are written for
this project.  Entries marked "our reading" settle a case the rulebook
leaves open, with the reason; where players could reasonably disagree the
reading is a setup option.
"""

from engine.core.rules import CORE_RULES, RuleBook, table

SETUP = "Setup"
TURN = "Your Team's Turn"
MOVE = "Action: Move"
ABILITY = "Action: Use an Ability"
SIGHT = "Line of Sight"
ARTIFACTS = "Artifact Cards"
COOLDOWN = "Artifact Cards > Cooldown"
RELICS = "Relic Cards"
TIMING = "Effect Timing"
PERSISTENT = "Persistent Effects"
DEATH = "Death and Revival"
KNOCK = "Knockback"
CHAIN = "Knockback > Knockback of Multiple Heroes"
CORNER = "Knockback > Corner Spaces"
BLOCKED = "Knockback > Blocked Movement"
HAZARDS = "Hazards"
BLEED = "Status Effects > Bleed"
NOOSE = "Status Effects > Hanging Noose"
GRAVES = "Hazards > Gravestones"
WIN = "How to Win"


RULES = CORE_RULES + RuleBook(
    *table(SETUP, {
        "brutality.setup.board": "The standard side of the board lies between the teams, a long edge towards each; the north team sits at row 1.",
        "brutality.setup.options": "Our readings of what the rulebook leaves open, recorded with the game: the first-turn extra space (starting team only, or both teams' first turns) and whether a tank in a knockback chain stops it or is pushed along; also the number of players, the board side, the relic draft, and start=random (not in the rulebook: every setup choice drawn at random, each recorded as the usual fact, for demos and quick games).",
        "brutality.setup.content": "The hero sheets, artifact cards and relic cards in use (stand-in content written for this project) are copied into the record.",
        "brutality.setup.start-team": "A random team takes the first turn; the same team leads every alternating setup choice.",
        "brutality.setup.relic-deck": "The relic deck is shuffled before play (our reading: the shared deck of the standard game); its order is hidden from both teams.",
        "brutality.setup.order": "Every setup choice alternates between the teams, the starting team first, each team making one choice at a time.",
        "brutality.setup.heroes": "Each team in turn takes a hero sheet until both teams have two heroes.",
        "brutality.players.hero": "With two players on a team, each plays one hero. Our reading: the team's first chosen hero is its player 1's, the second its player 2's; each player chooses, places, equips and acts with their own hero (and its Ghost Knights), while team decisions (the hazard, the draft, relic cards, answers, passing, ending the turn) may be made by either, and both see the team's relic hand.",
        "brutality.setup.hero-taken": "There is one miniature of each hero: a hero already on a team cannot be chosen again.",
        "brutality.setup.health": "A chosen hero starts at the highest value of their Health track.",
        "brutality.setup.place": "Each team in turn puts one of its heroes on an empty corner of its own edge. Our reading: heroes start facing forward, towards the enemy edge; a two-space hero covers the corner and the space beside it.",
        "brutality.setup.own-hero": "A team places and equips only its own heroes.",
        "brutality.setup.artifacts": "Each hero in turn, alternating between teams, takes one artifact card, face up.",
        "brutality.setup.artifact-taken": "Each artifact card exists once: two heroes cannot hold the same artifact.",
        "brutality.setup.hazards": "Each team in turn places one hazard on an empty space outside both starting rows, two in all: a Spiked Pillar, Pike Trap, Relentless Fire, Catapult or Ruined Wall (the other hazards belong to heroes).",
    }),
    *table(TURN, {
        "brutality.turn.order": "A team's turn begins when the other team's turn ends; turns alternate until a team wins.",
        "brutality.turn.phases": "Commands of the turn are taken once setup is over, during the action phase.",
        "brutality.turn.active": "Only the team whose turn it is moves and uses abilities; the other team may only play cards whose timing allows it.",
        "brutality.turn.own-hero": "A team acts only with its own heroes.",
        "brutality.turn.end": "The team's turn ends after phase 5 (end-of-turn effects).",
        "brutality.actions.two": "Every hero has at most two actions per turn: the Move action and one ability, or two different abilities; heroes of a team may interleave them.",
        "brutality.relic.draw": "Phase 2: the team draws one relic card into its shared hand.",
        "brutality.relic.draw-two": "Phase 2 with only one hero alive: the team draws two relic cards.",
        "brutality.relic.discard": "Phase 4: the team discards any of its relic cards (listed in alphabetical order, so each choice has one spelling).",
    }),
    *table("Alternate Rule Set: Controlled Chaos", {
        "brutality.draft.stacks": "Controlled Chaos (option relics=draft): four face-down stacks of random relic cards, one per type, eight cards each so that each team takes four of every type (our reading of \"four random cards\" with the worked example); the other relics go back in the box.",
        "brutality.draft.open": "The team leading a stack chooses which type to draft next; the stack is then open to both teams (our reading: an open draft, so each team sees what the other takes). The starting team leads the first stack, then the lead alternates.",
        "brutality.draft.order": "Teams draft one card at a time, the leader first, alternating until the stack is empty; only then is the next stack opened.",
        "brutality.draft.pick": "A drafted card joins the team's own relic deck.",
        "brutality.draft.decks": "With all four stacks drafted, each team shuffles its own 16-card deck; in play each team draws from, discards to and reshuffles its own deck, and a stolen card goes back to its owner's discards once played.",
    }),
    *table(RELICS, {
        "brutality.relic.hand-limit": "A team holds three relic cards at most; it draws only up to that.",
        "brutality.relic.reshuffle": "Our reading: when the deck runs out, the discarded relics are shuffled into a new deck (the rulebook says so only for Controlled Chaos).",
        "brutality.relic.play": "Relic cards cost no action, and a team may play as many as it likes; a played card is discarded at once, unless it waits in play for its \"next time\".",
        "brutality.relic.hand": "A team plays only relic cards from its own shared hand.",
        "brutality.relic.target": "A relic is played on a target its card allows (a friendly or enemy hero, one in sight of a friend, a hazard, a space, a line of four spaces...).",
        "brutality.relic.next-time": "A \"next time\" card stays in play, not discarded, until its effect triggers: Saint's Ward takes the next damage its hero would take, then is discarded (our readings: also discarded if the hero dies; a hero already under a ward cannot take a second, since both would be spent on the same next damage).",
        "brutality.relic.haste": "Second Wind (stand-in card): the hero's Move action gives extra spaces this turn.",
        "brutality.relic.ground": "Leaden Feet (stand-in card): the hero cannot take the Move action this turn.",
        "brutality.relic.remove-hazard": "Demolition (stand-in card): one hazard tile leaves the board; only an effect like this removes a hazard.",
        "brutality.relic.blast": "Meteor (stand-in card): every hero within one space of the chosen space takes the damage, then each not on that space is knocked 1 away from it. Our reading for effects that hit several heroes at once: damage first, then the pushes, in reading order of the heroes' spaces.",
        "brutality.relic.hell-fire": "Hell Fire: four spaces in a row or column, free of hazards, become Relentless Fire for 3 turns, starting at the end of the opponent's next turn. Our readings: \"4 consecutive rows or columns\" is a line of four spaces (the literal reading would burn half the board); a space that holds a hazard (a gravestone included) by then is skipped; the fire is lit first in that turn's phase 5, so a hero of that team still in the line takes the fire's end-of-turn damage (the fire is there at the end of their turn).",
        "brutality.relic.steal": "Master Thief (stand-in card): a random card of the enemy hand joins the thief's hand; both teams see which, spectators do not.",
    }),
    *table(MOVE, {
        "brutality.move.action": "The Move action gives three spaces of movement to spend this turn, split around the hero's abilities as the player likes.",
        "brutality.move.first-turn": "In the game's opening turn every hero of the team moving then gets a fourth space. The text speaks of the first turn of the game and of \"that team\" (the one taking it), so by default only the starting team's first turn; option first_turn_bonus=both (a house rule some players use to even out the start) gives the second team's first turn the extra space too.",
        "brutality.move.spent": "A hero with no movement left cannot move, turn or spend movement; the Move action is never taken twice.",
        "brutality.move.step": "Movement is spent one space at a time.",
        "brutality.move.compass": "A hero moves only along the arrows of their compass: four arrows forbid diagonal steps.",
        "brutality.move.board": "A hero's miniature always stays wholly on the board.",
        "brutality.move.occupied": "A hero cannot enter a space where another hero stands.",
        "brutality.move.facing": "A hero faces forward or back, never sideways; turning around costs one space of movement.",
    }),
    *table(ABILITY, {
        "brutality.ability.use": "Using an ability of the hero's sheet is one action; an ability whose effects are not implemented yet is not offered.",
        "brutality.ability.once": "Each ability is used at most once per turn.",
        "brutality.ability.buried-alive": "Buried Alive (printed): the Grave Keeper travels two spaces in a straight line ahead, behind, left or right, burying each enemy whose space he enters, who takes 1 damage. Our reading: a blocking hazard or a friend on the way stops him in the space before it; a Spiked Pillar (or the icicles) stopping him so blocks his movement and deals him its 1 damage; an enemy tank on the way is buried like any enemy (the card buries the enemies in those spaces with no exception, and the Move rules allow that some abilities enter a hero's space).",
        "brutality.ability.buried-alive.stand": "Buried Alive: if the Grave Keeper ends on the gravestone of a buried enemy, that enemy takes one more damage.",
        "brutality.effect.target": "An ability or artifact names one target (a hero or a space) unless it acts on its user.",
        "brutality.effect.range": "The target must be within the range drawn on the sheet or card, turned to the user's facing.",
        "brutality.effect.damage": "The target loses Health.",
        "brutality.effect.heal": "The target regains Health, never above the top of their track.",
        "brutality.effect.cleanse": "Every bleed tile and the noose come off the target's sheet.",
        "brutality.effect.summon": "The hero places a hazard tile (Ghost Knight, Corpse Parts) on an empty space in range and sight, one with no hero and no hazard tile (a gravestone is one); a timed one gets its tokens.",
    }),
    *table(SIGHT, {
        "brutality.sight.blocked": "An ability needs a clear line from the centre of the user's space to the target's: tanks and blocking hazards between them block it (a two-space user may trace from either of its spaces, and neither the user nor the target hides itself). Our reading, exact geometry: a space blocks when the line passes through its inside, so a line crossing two spaces of one column meets both, and a line that only touches a corner of a space (a diagonal between two squares side by side) is not blocked by it.",
    }),
    *table(ARTIFACTS, {
        "brutality.artifact.use": "Using an artifact takes no action; only the hero holding it uses it.",
        "brutality.artifact.own": "A team uses only its own heroes' artifacts.",
        "brutality.artifact.face-down": "A face-down artifact cannot be used until its cooldown is over.",
    }),
    *table(COOLDOWN, {
        "brutality.artifact.cooldown": "A used artifact is flipped face down with its cooldown token on the \"3\" skull.",
        "brutality.cooldown.advance": "Phase 1: each cooldown token of the team's living heroes moves to the next lower skull.",
        "brutality.cooldown.flip-up": "Phase 1: a token already on the \"1\" skull comes off and the artifact is flipped face up.",
    }),
    *table(TIMING, {
        "brutality.timing.your": "A \"Your Turn\" card is played only in its team's action phase.",
        "brutality.timing.enemy": "An \"Enemy Turn\" card is played only in the enemy team's action phase, as a reaction. Our reading: in the active team's turn the other team is shown as one that may react whenever it holds a relic card or a face-up artifact it could use now, public facts only (see the effect stack), even if none of its cards fits the moment: whether it does is hidden.",
        "brutality.timing.phase": "Cards are played during an action phase (an \"Any Turn\" card in either team's), never while a question waits for an answer.",
        "brutality.timing.end": "An \"End of...\" card is played only at the end of the named team's action phase. Our reading: once the active team has ended its actions (`end`) and before phase 4, first the active team (End of your turn cards), then the other (End of the enemy's turn cards), each playing any number and then passing. A team is offered this window whenever it holds any relic card, not only when one of them is an \"End of...\" card it could play: its cards are hidden, the number of them is not, and the window is seen by both teams (a team with no card is skipped). No other action or card is taken then except an answer to a declared effect, and relic cards named for phase 4 but played meanwhile are simply gone. The cards named for phase 4 come from the hidden hand: the other team reads the `end` command as a secret one and its fact without them, until they are discarded face up.",
        "brutality.timing.start": "A \"Start of...\" card is played only at the start of the named team's action phase. Our reading: before that team's first action (a Move, an ability, a Ghost Knight's move) of the turn; cards and artifacts do not end the start.",
    }),
    *table(PERSISTENT, {
        "brutality.persistent.tokens": "Phase 1 of every turn takes one token off each timed effect; with the last one gone, the effect ends.",
    }),
    *table(DEATH, {
        "brutality.death.die": "A hero at 0 Health dies: the figure leaves the board.",
        "brutality.death.removed": "A dead hero takes no further actions.",
        "brutality.death.artifact": "A dead hero's artifact cannot be used, and its cooldown waits.",
        "brutality.death.revive": "A revived hero comes back with the Health the card gives, regains their artifact and its cooldown goes on from where it stopped. Our reading: they stand on an empty starting corner of their edge, else on the empty space nearest to those corners, facing forward; empty means no hero and no hazard tile, as for the setup placements and the summons.",
    }),
    *table(WIN, {
        "brutality.victory.win": "A team wins when both enemy heroes are dead; checked once each resolution is complete.",
        "brutality.victory.draw": "Our reading: if the last heroes of both teams die in the same resolution, both teams meet the condition at once, so the game is a draw.",
    }),
    *table(KNOCK, {
        "brutality.knockback.move": "Knockback moves the hero one space at a time away from the hero that caused it (or the way the effect says); it deals no damage itself. Our readings: the direction runs from the middle of the knocker's miniature to the middle of the target's (a two-space hero is one figure, and the text names the hero, not a space of it); off a straight or diagonal line, the push goes along the axis of the larger difference.",
        "brutality.knockback.edge": "Our reading: a hero on an edge (not a corner) knocked into the edge stays where they are, as a corner hero does.",
    }),
    *table(CHAIN, {
        "brutality.knockback.chain": "A hero knocked into another hero's space pushes that hero on in the same direction first, then takes the space.",
        "brutality.knockback.no-room": "When a hero pushed along has nowhere to go that way (the board edge, a blocking hazard, a tank that blocks), the knocker picks another open space next to it for that hero; the text's \"no open space in that direction\" covers a pillar too. Our readings: a Spiked Pillar so met does not hurt the hero pushed along (its movement goes elsewhere instead of being stopped); in a chain of three, the knocker is the team whose effect started the push; with no open space at all, the push stops there.",
        "brutality.knockback.tank": "Tanks block movement, and a knockback into a space that blocks movement ends in the space before it (\"Blocked Movement\"): so by default (tank_in_chain=blocks) a hero knocked into a tank stops there, unhurt. The chain rule speaks of any hero, so players who read it as covering tanks too may set tank_in_chain=pushed: the tank is then pushed along like any hero.",
    }),
    *table(CORNER, {
        "brutality.knockback.corner": "A hero in a corner knocked into the board edge stays. Our reading: this also holds when the corner hero is pushed along in a chain, so the hero pushing it stops too.",
        "brutality.jump.corner": "Jumping onto a hero who stands in a corner, the jumper instead comes down beside that hero, on a neighbouring space they pick that does not block movement. The corners are the four starting corners: on the Ice Pit, the corners inside the ring of icicles (a hero there knocked into the icicles is hurt by them, as by a Spiked Pillar).",
    }),
    *table(BLOCKED, {
        "brutality.knockback.blocked": "A knockback into a space that blocks movement leaves the hero in the nearest space before it, on the side it came from.",
        "brutality.hazard.blocks": "A space with a blocking hazard (Spiked Pillar, Ruined Wall, icicle spikes) cannot be entered. Our reading: a Move step into one is refused, spending nothing and hurting nobody (the text says a hero cannot move into it; the placing-short rule serves moves the player does not steer: knockbacks and an enemy's throw from a Catapult).",
        "brutality.jump.blocked": "A jump cannot end in or pass over a space that blocks movement (a Spiked Pillar, the icicles, a tank; a Ruined Wall may be jumped over, not landed on). Our readings: a jump the player chooses is offered only where it can go, so it is never placed short: no landing on or past such a space, and none on a hero who could not make room (the placing-short rule is for moves the player does not steer); an enemy's throw from a Catapult is such a forced move: it comes down in the closest space before what blocks it (a Spiked Pillar hurting as it stops it), a hero already there steps aside to a neighbouring space its own team picks (a move, not a knockback: a noose stays on), and a hero landed on who cannot be pushed away makes it come down one space short.",
    }),
    *table("Hazards", {
        "brutality.hazard.no-stacking": "A hazard is never placed on a space that already has one, and hazards do not move unless an effect says so. A gravestone is one of the rulebook's hazards, so no Ghost Knight, Corpse Parts or fire is summoned, moved, knocked or lit onto a grave (burial itself says to put the gravestone where the hero was, hazard or not).",
    }),
    *table("Hazards > Spiked Pillar", {
        "brutality.hazard.spiked-pillar": "Spiked Pillar: it blocks movement and line of sight, and a hero whose movement it blocks takes 1 damage.",
    }),
    *table("Hazards > Pike Trap", {
        "brutality.hazard.pike-trap": "Pike Trap: entering it, even by a jump, deals 1 damage; a hero knocked back into it stops moving.",
        "brutality.hazard.pike-trap.end": "Pike Trap: a hero on it at the end of their team's turn takes 1 damage (a large hero once per trap under them).",
    }),
    *table("Hazards > Relentless Fire", {
        "brutality.hazard.relentless-fire": "Relentless Fire: entering it deals 1 damage.",
        "brutality.hazard.relentless-fire.end": "Relentless Fire: a hero on it at the end of their team's turn takes 1 damage.",
    }),
    *table("Hazards > Ruined Wall", {
        "brutality.hazard.ruined-wall": "Ruined Wall: it blocks movement and line of sight, but can be jumped over.",
    }),
    *table("Hazards > Catapult", {
        "brutality.hazard.catapult": "Catapult: a hero who moves themselves onto it may jump up to two spaces in any of the eight directions, or stay. Landing on a friend pushes the friend 1 space on; landing on an enemy deals the enemy 1 damage and pushes them 1 space on. Our reading: the push goes the way of the jump, and only a Move step launches (not a displacement or an ability's travel); the jump is offered only where it can land (see jump.blocked).",
        "brutality.hazard.catapult.knockback": "Catapult: a hero knocked onto it by an enemy must jump where that enemy chooses (our reading: the enemy picks a space up to two away in the eight directions where the hero could come down, with no blocking hazard or tank on it, and the throw may be stopped on its way, see jump.blocked); the rest of the knockback is lost.",
        "brutality.hazard.catapult.land": "Catapult landing damage: moving in, only an enemy landed on takes 1; knocked in, the jumper and a friend landed on both take 1, or an enemy landed on takes 1.",
    }),
    *table("Hazards > Corpse Parts", {
        "brutality.hazard.corpse-parts": "Corpse Parts: entering it deals 1 damage.",
        "brutality.hazard.corpse-parts.end": "Corpse Parts: a hero on it at the end of their team's turn takes 1 damage.",
        "brutality.hazard.corpse-parts.knockback": "Corpse Parts can be knocked back, one space at a time. It stops before the board edge or another hazard, a gravestone included (hazards never stack). Our reading: it also stops before a hero (a tile is no hero to push along); its four turns run on where it lands.",
    }),
    *table("Hazards > Ghost Knights", {
        "brutality.hazard.ghost-knight": "Ghost Knights: when an enemy and a knight come into one space (either moving), the enemy takes 1 damage and the knight leaves the board; a friend shares the space unharmed.",
        "brutality.hazard.ghost-knight.move": "Ghost Knights: in its team's turn each knight moves up to two spaces in any direction, one at a time, without an action, even on the turn it appeared. It never enters another hazard's space (hazards never stack; a gravestone and a blocking hazard are hazards too). Our reading: \"per turn\" is its own team's turns, when its Conjurer acts.",
        "brutality.hazard.ghost-knight.conjurer": "Ghost Knights: when the Conjurer dies her knights leave the board.",
    }),
    *table("Board Variant", {
        "brutality.board.ice-pit": "The Gulthaen Ice Pit: a smaller board ringed by icicle spikes, which follow the Spiked Pillar's rules (block movement and sight, 1 damage when they stop a hero).",
    }),
    *table(BLEED, {
        "brutality.status.bleed": "Bleed tiles go on the hero's sheet; they stack.",
        "brutality.status.bleed.remove": "In their own turn a hero may spend one movement to remove one bleed tile.",
        "brutality.status.bleed.end": "At the end of their team's turn a hero takes 1 damage per bleed tile.",
    }),
    *table(NOOSE, {
        "brutality.status.noose": "A hero on the board may be hung: one noose tile at most, never on a buried hero.",
        "brutality.status.noose.remove": "In their own turn a hung hero may spend one movement to remove the noose.",
        "brutality.status.noose.knockback": "A hung hero who is knocked back loses the noose. Our reading (checked for issue #22): any knockback the hero takes does it, even one that leaves them where they are (stopped at once by an edge, a corner, a blocking hazard or a tank), since the rulebook calls a hero who remains in a corner \"knocked back\" too (Corner Spaces); stepping aside for a jumper is no knockback and leaves it on.",
        "brutality.status.noose.no-move": "A hung hero cannot spend movement to leave their space (our reading: turning around in place is allowed).",
        "brutality.status.noose.no-ability": "A hung hero cannot use abilities.",
        "brutality.status.noose.end": "At the end of their team's turn a hung hero takes 1 damage.",
    }),
    *table(GRAVES, {
        "brutality.bury.take": "A buried hero leaves the board; a gravestone lies on the space they were taken from.",
        "brutality.bury.noose": "Being buried takes the noose off the hero's sheet.",
        "brutality.bury.unbury": "In their own turn a buried hero may spend one movement to remove the gravestone and stand on its space again. Our reading: the miniature enters that space anew, so a Pike Trap, fire or Corpse Parts the hero was buried on hurts them as they rise.",
        "brutality.bury.unbury-knock": "A hero standing on the gravestone when the buried hero rises takes 1 knockback into an adjacent space the rising hero's team chooses.",
        "brutality.bury.unbury-blocked": "Our reading: a hero cannot rise while the grave has no room for them or a hero on it has nowhere to be knocked.",
        "brutality.bury.no-move": "A buried hero cannot spend movement to leave their space (removing bleed or the grave is allowed).",
        "brutality.bury.no-ability": "A buried hero cannot use abilities (our reading: nor artifacts that need a range, since the figure is off the board and a range or a line of sight has nowhere to start from; an artifact on themselves is allowed, the text forbidding only abilities).",
        "brutality.bury.targeted": "Enemies' abilities may still aim at a buried hero, at the gravestone's space (in range and sight): damage and bleed reach them, a knockback moves nothing, and the noose is not offered (a buried hero cannot be hung). Our reading: only enemy abilities, as the rulebook says; friends' abilities, artifacts and relic cards do not reach into a grave.",
        "brutality.bury.end": "At the end of their team's turn a buried hero takes 1 damage.",
    }),
    *table("Simultaneous Effects", {
        "brutality.stack.declare": "Effects are declared one after the other, and the other team may want to answer with one of its own before the first resolves: a declared ability, artifact or relic waits on the effect stack while the other team is offered that chance; its cost (action, card, cooldown) is paid at once. Our reading: as at a table, where the opponent is always asked and says no when it has nothing, the offer rests on what both teams can see: the other team holds at least one relic card (the size of a hand is public, its cards are not) or one of its face-up artifacts could answer now. Which cards it holds never decides, since the wait itself is seen by both teams; a team with no card and no usable artifact is skipped and the effect resolves at once. Targets and directions are fixed when the effect is declared.",
        "brutality.stack.window": "While a declared effect waits, only the team offered the answer acts: it plays a card or uses an artifact (which stacks on top, and the other team is offered an answer in turn, by the same public test) or passes; passing is always open to it.",
        "brutality.stack.pass": "A team that could respond passes: the whole stack resolves.",
        "brutality.stack.resolve": "Effects declared together resolve in the reverse order of declaration: the last one declared first.",
        "brutality.prompt.answer": "A resolution that needs a choice waits for the asked team; only one of the offered answers goes on, and the rest of the resolution follows.",
    }),
    *table("boardlog: positions (docs/positions/brutality.md)", {
        "brutality.position.shape": "A position is a JSON object of the sections and fields its doc lists, each of its kind (a word, a whole number in range, a list of spaces); anything else is refused, naming the field.",
        "brutality.position.hero": "The heroes of a position are heroes of the content, each once and two a team once play begins; Health within the hero's track, 0 exactly when dead; a dead hero is off the board with no tiles and no ward over it; a buried hero lies on a gravestone and wears no noose; an artifact card and its cooldown (3, 2, 1 or face up) belong to one hero.",
        "brutality.position.occupied": "A miniature stands wholly on the board, on spaces of its own: never on another hero's, nor on one that blocks movement (a Spiked Pillar, a Ruined Wall, the icicles).",
        "brutality.position.hazard": "One hazard tile a space (hazards never stack), a known kind on a space of the board; the Ice Pit's icicles come with the board and hold their spaces.",
        "brutality.position.card": "Each relic card of the content is in one place at most: a relic deck, a discard pile, a hand, in play over a hero, or a draft stack; a hand holds three cards at most; a draft only in Controlled Chaos.",
        "brutality.position.turn": "The phase is one of the game's: the setup choices made so far alternate, the starting team first, each kind once the one before is done; in a team's turn each hero has taken two actions at most (each ability once), movement only with the Move action and no more than it gives (three, a fourth in the first turn, and any Haste); a game is over exactly when it has a winner.",
        "brutality.position.stack": "A declared effect waiting on the stack names its team and the steps left to resolve (the engine's own words for them); a team is offered an answer only while something waits, an End of... window only once the actions ended, and a question only in a team's turn.",
    }),
)
