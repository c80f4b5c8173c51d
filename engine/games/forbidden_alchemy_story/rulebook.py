"""Rule references for `forbidden_alchemy_story`: rule id -> section, our explanation.

Three kinds of rule make up the table, and the section says which:

- the expansion's, here, with the section of the Forbidden Alchemy rulebook
  (`../shared/rulebooks/forbidden-alchemy.txt`) that states it;
- OURS, in `rulebook_ours.py`: a small stand-in for the base game the
  expansion relies on (its rulebook is not among ours), each section starting
  "Ours (stand-in base game)";
- the puzzle game's (`forbidden_alchemy.*`), listed under this game's ids
  (`forbidden_alchemy_story.puzzle.*`): the Alchemy puzzle inside a story is
  played by that game's rules.

Each id is written as the code that cites it writes it, so a search finds
both ends.  Explanations are written for this project, never the rulebook's
sentences.
"""

from engine.core.rules import CORE_RULES, RuleBook, RuleRef, table
from engine.games.forbidden_alchemy.rulebook import RULES as PUZZLE_RULES

from .rulebook_ours import OURS_RULES

BORDERS = "Impassable Borders"
MULTI = "Combat Cards > Combat Cards with Multiple Attack Types"
WEAPON = "Other Rules > New Weapon Type"
BYAKHEE = "Other Rules > Secrecy and Byakhees"
TESTS = "Other Rules > New Combat Card Tests"
THREAT = "Other Rules > Threat Effects"
ESCAPE = "Other Rules > Escaping"
HIDING = "Other Rules > Hiding"
GENERAL = "Errata > General"
STORY1 = "Errata > Story 1: Return of the Reanimator"
STORY2 = "Errata > Story 2: Lost in Time and Space"
STORY3 = "Errata > Story 3: Yellow Matter"
EPILOGUES = "Epilogues"
POSITIONS = "boardlog: positions (docs/positions/forbidden_alchemy_story.md)"

EXPANSION_RULES: list[RuleRef] = [
    # ---- setup -------------------------------------------------------------------------------
    *table("Using This Expansion", {
        "forbidden_alchemy_story.setup.trait":
            "Trait cards join the base game's: each investigator takes one of the two his "
            "character offers (ours: the cards, the choice as a setup option, an attribute bonus "
            "or an item).",
        "forbidden_alchemy_story.setup.monster-tokens":
            "Each monster figure has a token of its kind slotted in its base; which token goes "
            "under which figure is random, and only the keeper knows the bottoms.",
    }),
    *table(THREAT, {
        "forbidden_alchemy_story.setup.side-effect-threats":
            "The Side Effect cards that show a threat cost, with what the keeper's threat buys "
            "(stand-in costs and effects).",
    }),
    *table("Component Breakdown > Time Period Marker", {
        "forbidden_alchemy_story.setup.time-period":
            "The Time Period marker lies on one Time Period card to show when the investigators "
            "are (stand-in cards; only Story 2 moves it).",
    }),
    # ---- Story 2: Lost in Time and Space ------------------------------------------------------
    *table(STORY2 + " (Map Setup)", {
        "forbidden_alchemy_story.errata.map-setup":
            "Story 2's map has the Guest Bedroom tile in place of the Holding Cell, and no sealed "
            "door (our map: the Guest Bedroom is laid for Stories 2 and 3, since Story 3's Seed "
            "Cards deal to it too, and is the room to travel in time from in Story 2 only; there "
            "are no sealed doors).",
    }),
    *table(STORY2 + " (Seed Cards)", {
        "forbidden_alchemy_story.errata.seed-cards":
            "Seed Cards is the Keeper Guide's list of the cards the keeper deals face down, room "
            "by room, for the story choices made (not the Seeds Exploration card, which brings "
            "the Seeds marker). For Story 2 it names the Guest Bedroom, not the Observation Room: "
            "every Story 2 deal of ours puts Exploration cards in the Guest Bedroom, and no deal "
            "names a room off the story's map (our map has no Observation Room).",
    }),
    *table(STORY3 + " (Seed Cards)", {
        "forbidden_alchemy_story.errata.seed-cards-4b":
            "Story 3's Seed Cards list the Guest Bedroom twice for one answer, the second entry "
            "belonging to another (4B): the Guest Bedroom is on Story 3's map and each answer "
            "deals it cards of its own. Our reading: we play the #1 story choice alone, so each "
            "of its answers deals the Guest Bedroom one card of ours, never two entries for one "
            "answer; Story 3 travels in no time, so the room is no rift there.",
    }),
    *table(STORY2 + " (Objective 1C)", {
        "forbidden_alchemy_story.errata.pet":
            "When Objective 1C is revealed the keeper places The Pet, a named shoggoth with five "
            "more health for each investigator (each who began the story, as for West), before "
            "play goes on.",
        "forbidden_alchemy_story.errata.pet-room":
            "The Pet goes into any room that holds an investigator (hiding or not) when the card "
            "is revealed. Our reading: being placed is not entering, so a room with a Lock card "
            "that holds an investigator may be chosen too; from then on the Pet never enters one.",
        "forbidden_alchemy_story.errata.pet-lock":
            "The Pet never enters a room that has a Lock card.",
    }),
    *table("Component Breakdown > Seeds Marker", {
        "forbidden_alchemy_story.seeds.marker":
            "The Seeds Exploration card brings the Seeds marker; its holder keeps both until they "
            "are planted (what planting does is ours).",
    }),
    *table("Component Breakdown > Time Period Cards", {
        "forbidden_alchemy_story.time.travel":
            "Investigators may travel through time: the action moves the Time Period marker to "
            "another Time Period card (when they may is ours: from the rift room, as the action).",
    }),
    # ---- replacement cards, Obstacle cards --------------------------------------------------
    *table("Replacement Cards", {
        "forbidden_alchemy_story.setup.replacements":
            "Of the eleven cards the expansion reprints, only the R versions are used: content "
            "naming one must be its R version (our faces: Dark Ritual, Uncontrollable Urges, "
            "Witchcraft, You stand unflinching..., Dynamite, Suitcase, Blood Pact, Strange Skies; "
            "the Fall of House Lynch cards belong to a story not played).",
    }),
    # ---- tokens and Darkness -----------------------------------------------------------------
    *table("Component List", {
        "forbidden_alchemy_story.setup.tokens":
            "The supply holds the expansion's six Crawling Hand tokens and ten Mutation tokens.",
        "forbidden_alchemy_story.tokens.supply":
            "No more tokens of a kind come into play than the expansion has.",
    }),
    *table("Component Breakdown > Crawling Hand Tokens", {
        "forbidden_alchemy_story.keeper.crawling-hands":
            "The Crawling Hands Keeper Action puts a Crawling Hand token on an investigator who is "
            "not hiding (its cost is ours).",
    }),
    *table("Component Breakdown > Mutation Tokens", {
        "forbidden_alchemy_story.keeper.mutation":
            "A Mutation token grows on an investigator, a monster or a corpse: ours, the Mutation "
            "Keeper Action puts one on an investigator who has suffered damage and is not hiding, "
            "on a monster on the map that has suffered damage, or on a corpse (what a killed "
            "monster leaves where it fell, tokens and all).",
        "forbidden_alchemy_story.keeper.writhing-growths":
            "The keeper turns Mutation tokens to his advantage: ours, the Writhing Growths Keeper "
            "Action makes an investigator suffer one damage for each Mutation token on him or on "
            "a monster or corpse in his space.",
    }),
    # ---- the objectives, Alchemy puzzles in a story, Side Effect cards, errata ------------
    *table(STORY1, {
        "forbidden_alchemy_story.objective.puzzle-attempt":
            "Objective 1B as corrected: an investigator holding Clue 1 may spend the action on "
            "Alchemy Puzzle #10B (our other objectives use the same mechanism with other tiles). "
            "The pile of pieces carries over from one attempt to the next.",
        "forbidden_alchemy_story.objective.puzzle-win":
            "Objective 1B as corrected: passing the Alchemy test of that puzzle wins the story for "
            "the investigators.",
    }),
    *table(GENERAL + " (Wrong Turn Mythos card)", {
        "forbidden_alchemy_story.errata.wrong-turn":
            "On a failed test the keeper may move the investigator to any other space of a Hallway "
            "that holds no Exploration, Lock or Obstacle card (the keeper names the space when he "
            "plays the card; naming none leaves the investigator where he is).",
    }),
    *table(STORY1 + " (Event Card IV)", {
        "forbidden_alchemy_story.errata.west":
            "For objectives 1A and 1C, Event IV places West in the Library: a named maniac with "
            "three more health for each investigator (our reading: each who began the story, "
            "eliminated or escaped ones too).",
        "forbidden_alchemy_story.errata.west-moves":
            "When the keeper uses Creature of Night, West may move up to three spaces instead of "
            "one.",
    }),
    *table(STORY1, {
        "forbidden_alchemy_story.puzzle.objective":
            "Only an objective that names an Alchemy puzzle lets an investigator attempt one.",
        "forbidden_alchemy_story.puzzle.clue":
            "Only an investigator holding the clue the objective names may attempt its puzzle.",
    }),
    *table("Alchemy Puzzles > Completing an Alchemy Puzzle", {
        "forbidden_alchemy_story.puzzle.end":
            "After the test the puzzle is put away and the investigator's turn goes on.",
    }),
    *table("Alchemy Puzzles > Attempting an Alchemy Puzzle", {
        "forbidden_alchemy_story.puzzle.exploration":
            "An Exploration card that asks for an Alchemy puzzle is attempted at once, as part of "
            "the explore action that turned it up (our stand-in card: Sealed Retort, #10A).",
    }),
    *table("Alchemy Puzzles > Completing an Alchemy Puzzle", {
        "forbidden_alchemy_story.puzzle.card-pass":
            "Completing the puzzle does what its card says; ours is discarded from the room.",
        "forbidden_alchemy_story.puzzle.card-continue":
            "With the card out of the way the investigator goes on exploring: the card beneath is "
            "taken as part of the same action (our reading of going on exploring).",
        "forbidden_alchemy_story.puzzle.card-fail":
            "A failed test: after the Side Effect card, the card that began the puzzle adds its "
            "own failure effects, and only then do the pieces go back (the order of the worked "
            "example); the card stays on top of the room, to be attempted again.",
    }),
    *table("Side Effect Cards", {
        "forbidden_alchemy_story.setup.side-effect-now":
            "What the Side Effect cards do the moment they are drawn and while they stay in play "
            "(stand-in effects for stand-in cards).",
        "forbidden_alchemy_story.side-effect.immediate":
            "A Side Effect card acts as soon as it is drawn, before it is kept or discarded.",
        "forbidden_alchemy_story.side-effect.lasting":
            "A Side Effect card kept in play acts until the game ends (ours, after the stand-in "
            "texts: a modifier applied to every test of its attribute before the roll, fewer "
            "movement points as each turn begins and no run that would move him past the card's "
            "spaces a turn, harm suffered as each turn begins).",
        "forbidden_alchemy_story.side-effect.choose":
            "A Side Effect card that acts on another investigator has its drawer choose him among "
            "those it allows (hiding ones too); with only one, he is the one (ours: a drawer who "
            "leaves the house before choosing leaves the choice to the first offered).",
    }),
    *table(STORY3 + " (Objective 1C)", {
        "forbidden_alchemy_story.errata.subject-test":
            "Objective 1C's test (ours: Will, made on reveal by each investigator in the "
            "Greenhouse).",
        "forbidden_alchemy_story.errata.subject-test.pass":
            "With the results swapped, passing Objective 1C's test eliminates the investigator.",
        "forbidden_alchemy_story.errata.subject-test.fail":
            "With the results swapped, failing Objective 1C's test leaves the investigator in "
            "play.",
    }),
    *table(GENERAL + " (Studies on Hysteria)", {
        "forbidden_alchemy_story.errata.studies-on-hysteria":
            "Using Studies on Hysteria discards one insanity Trauma card in play on its holder "
            "(only then can it be used).",
    }),
    *table(GENERAL + " (Bone Saw and Sword Cane)", {
        "forbidden_alchemy_story.errata.attack-in-space":
            "Both cards give the action of attacking a monster in the investigator's own space.",
    }),
    *table(STORY3, {
        "forbidden_alchemy_story.objective.escape-win":
            "Objective 1C as corrected: the investigators win when the one carrying the Yellow "
            "Matter escapes from Hallway 2; nobody else needs to escape.",
    }),
    # ---- Impassable Borders, Combat Cards, Other Rules, Epilogues -----------------------------
    *table(BORDERS, {
        "forbidden_alchemy_story.border.impassable":
            "Nothing lets an investigator cross a dashed impassable border unless an effect allows "
            "it; a monster that does not fly cannot cross it either.",
        "forbidden_alchemy_story.border.flying":
            "A flying monster (a byakhee) may move across an impassable border.",
    }),
    *table(MULTI, {
        "forbidden_alchemy_story.combat.two-types":
            "A card listing two attack types: the one that matches the attacker's weapon is "
            "resolved (if both answer it, the one naming it exactly, our reading).",
        "forbidden_alchemy_story.combat.keep-drawing":
            "A card listing two attack types, neither matching the weapon: the keeper draws "
            "another card.",
    }),
    *table(WEAPON, {
        "forbidden_alchemy_story.weapon.sharp-and-blunt":
            "A sharp and blunt melee weapon counts as sharp, as blunt and as a melee weapon: the "
            "first card naming any of these is resolved (a card naming two of them: the first "
            "named, our reading).",
    }),
    *table(BYAKHEE, {
        "forbidden_alchemy_story.byakhee.keeper-examines":
            "When a byakhee deals or is dealt damage, only the keeper looks at its token's bottom; "
            "the values stay hidden from every investigator.",
        "forbidden_alchemy_story.byakhee.keen-eye":
            "Darrell Simmins may look at a byakhee's token bottom with his Keen Eye; the values "
            "are shown to his seat and the keeper only (when he may look is our reading: whenever "
            "it deals him damage, its special attack's damage too, or he deals it damage).",
        "forbidden_alchemy_story.byakhee.special":
            "A byakhee's special attack is made on an investigator in its space.",
        "forbidden_alchemy_story.byakhee.question":
            "For the special attack, the question printed on the token is read to all; what each "
            "answer leads to is not.",
        "forbidden_alchemy_story.byakhee.answer":
            "After the investigator answers, only the result for that answer is read out; the "
            "other stays secret.",
        "forbidden_alchemy_story.byakhee.result":
            "The result read out is applied to the investigator who answered.",
    }),
    *table(TESTS, {
        "forbidden_alchemy_story.tests.either-or":
            "An either/or test: the investigator picks one of the two attributes named and tests "
            "it.",
        "forbidden_alchemy_story.tests.either-or.pass":
            "The chosen attribute's test is passed: the roll is at or under it.",
        "forbidden_alchemy_story.tests.either-or.fail":
            "The chosen attribute's test is failed: the roll is over it.",
        "forbidden_alchemy_story.tests.non-attribute":
            "A non-attribute test uses a number that is not an attribute, such as the sanity or "
            "health left.",
        "forbidden_alchemy_story.tests.non-attribute.pass":
            "Non-attribute test: a d10 at or under that number passes.",
        "forbidden_alchemy_story.tests.non-attribute.fail":
            "Non-attribute test: a d10 over that number fails.",
        "forbidden_alchemy_story.tests.conditional-modifier":
            "A conditional modifier (for instance, minus one for each horror held) changes the "
            "number before the die is rolled.",
    }),
    *table(TESTS + " (Conditional Modifiers)", {
        "forbidden_alchemy_story.tests.natural-1":
            "The expansion's reminder: whatever the number, a roll of 1 passes a test.",
        "forbidden_alchemy_story.tests.natural-10":
            "The expansion's reminder: whatever the number, a roll of 10 fails a test.",
    }),
    *table(TESTS, {
        "forbidden_alchemy_story.tests.multiple":
            "Two tests are made in the order the card names them; the card then gives one result "
            "for passing both, one for passing one, one for failing both.",
        "forbidden_alchemy_story.tests.multiple.other":
            "The attacker chooses which other investigator in the room makes the card's second "
            "test (chosen for him when only one is there). The rulebook's example says an "
            "investigator in your room; our stand-in cards that use this say another one (a "
            "friend), so the attacker never makes both tests himself.",
    }),
    *table(THREAT, {
        "forbidden_alchemy_story.threat.card":
            "Only a Trauma or Side Effect card in play that shows a threat cost has a threat "
            "effect.",
        "forbidden_alchemy_story.threat.spend":
            "The keeper pays the threat cost shown on the card to trigger its effect.",
        "forbidden_alchemy_story.threat.effect":
            "The threat effect is applied to the investigator the card is on.",
        "forbidden_alchemy_story.threat.once":
            "Our stand-in cards say when: once in each keeper turn.",
    }),
    *table(ESCAPE, {
        "forbidden_alchemy_story.escape.objective":
            "Crossing a room's outer edge is allowed only when the objective says to escape (the "
            "investigators' for them, the keeper's for a monster).",
        "forbidden_alchemy_story.escape.edge":
            "The edge crossed must be a white outer line of the room to escape from, one that "
            "touches no other room.",
        "forbidden_alchemy_story.escape.cross":
            "Instead of moving through a door, the investigator crosses the outer edge and leaves "
            "the map. It is a move like any other (one movement point; leaving a space with a "
            "monster he must evade it first, unless Mists of Releh hides him), our reading of "
            "crossing the edge in place of a door.",
        "forbidden_alchemy_story.escape.monster":
            "A monster that must escape to win may, as its move, cross the outer edge of the room "
            "it must escape from (our Creature of Night move; the step ends its move).",
    }),
    *table(HIDING, {
        "forbidden_alchemy_story.hiding.not-a-target":
            "A hiding investigator cannot be chosen as the target of a Keeper Action.",
        "forbidden_alchemy_story.hiding.status-effects":
            "A hiding investigator is still under the status effects of his room: Fire burns him "
            "as it burns anyone.",
        "forbidden_alchemy_story.hiding.horror-check":
            "A hiding investigator still makes a horror check when a monster enters the room (and "
            "is still under the room's status effects).",
        "forbidden_alchemy_story.hiding.chosen":
            "An investigator may still choose a hiding investigator in the same room when an "
            "effect lets him choose another investigator there.",
        "forbidden_alchemy_story.hiding.mists":
            "Mists of Releh (our stand-in spell: an action, only while hiding, kept once cast): "
            "for the rest of the turn, moving does not end hiding.",
        "forbidden_alchemy_story.hiding.mists-move":
            "Under Mists of Releh the investigator moves and stays hidden; entering a room with a "
            "monster still calls his horror check.",
    }),
    *table(EPILOGUES, {
        "forbidden_alchemy_story.epilogue.read":
            "When someone won, the epilogue for the #1 story choice and the winning side is read "
            "to all (stand-in texts).",
        "forbidden_alchemy_story.epilogue.none": "When all players lose there is no epilogue.",
    }),
    # ---- positions: what a story written out must hold ------------------------------------
    *table(POSITIONS, {
        "forbidden_alchemy_story.position.shape":
            "A position's sections and fields are those the format names, each of its type, "
            "with setup options the game offers.",
        "forbidden_alchemy_story.position.phase":
            "The phase, the round, the turn and the result agree: no choice nor turn before the "
            "#1 story choice; an investigator's turn begun in the investigators' phase, the "
            "keeper's in his; a result exactly when the story is over.",
        "forbidden_alchemy_story.position.seat":
            "Every seat a position names is an investigator of the story, and one who waits to "
            "answer is still in the house.",
        "forbidden_alchemy_story.position.space":
            "Every room and space a position names is on the story's map; an investigator in "
            "the house stands in one, one who left it in none.",
        "forbidden_alchemy_story.position.card":
            "Every card a position names is one of the story's; each card of a deck lies in one "
            "place (its draw pile, its discards, a hand, in play, with the attack under way), "
            "and none is nowhere.",
        "forbidden_alchemy_story.position.monster":
            "Every monster a position names is a figure of the story; a dead or escaped one is "
            "off the map, and only a dead one leaves a corpse.",
        "forbidden_alchemy_story.position.token":
            "Each figure's token is one of its kind, and no token lies under two figures.",
        "forbidden_alchemy_story.position.health":
            "Nobody in the house has suffered his health or sanity, nor a monster on the map its "
            "health: they would have left it.",
        "forbidden_alchemy_story.position.pending":
            "One question waits at a time (an Alchemy puzzle, an attack's test, a byakhee's "
            "question, a Side Effect card's target, a named monster to place), and it fits the "
            "story: an attack with tests still to make, a byakhee's own question, the revealed "
            "objective's named monster.",
        "forbidden_alchemy_story.position.puzzle":
            "An Alchemy puzzle under way has a piece along every edge of its tile, and each of "
            "the twelve pieces lies in one place: an edge, the discards, the pile.",
    }),
]

# The puzzle game's rules, listed under this game's ids ("forbidden_alchemy.test.pass" is
# "forbidden_alchemy_story.puzzle.test.pass") with that game's sections and explanations.
PUZZLE_PREFIX = "forbidden_alchemy."
IN_STORY = "forbidden_alchemy_story.puzzle."


def in_story(rule: str) -> str:
    """The puzzle game's rule id as this game's table lists it."""
    return IN_STORY + rule.removeprefix(PUZZLE_PREFIX)

# The natural 1 and 10 of the Alchemy test cite the expansion's own reminder, as every test here.
NATURAL = {
    "test.natural-1": TESTS + " (Conditional Modifiers)",
    "test.natural-10": TESTS + " (Conditional Modifiers)",
}
# Readings the puzzle game's table cannot state, for the puzzle played inside a story.
IN_A_STORY = {
    "side-effect.multi-investigator": " In a story, the investigators counted are those who "
    "began it (our reading: one eliminated or escaped since still counts, as for West's and "
    "the Pet's health per investigator).",
}
PUZZLE = [
    RuleRef(
        in_story(r.id),
        NATURAL.get(key := r.id.removeprefix(PUZZLE_PREFIX), r.section),
        r.explanation + IN_A_STORY.get(key, ""),
    )
    for r in PUZZLE_RULES
    if r.id.startswith(PUZZLE_PREFIX)
]

RULES = CORE_RULES + RuleBook(*EXPANSION_RULES, *OURS_RULES, *PUZZLE)
