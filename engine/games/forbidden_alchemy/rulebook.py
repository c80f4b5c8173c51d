"""Rule references for `forbidden_alchemy`: rule id -> section, our explanation.

Sections are those of the Forbidden Alchemy rulebook
(`../shared/rulebooks/forbidden-alchemy.txt`); the explanations are written
for this project.  Where the rulebook leaves room for two readings, the
explanation says which one we keep and why.  Each id is written as the code
that cites it writes it, so a search finds both ends.
"""

from engine.core.rules import CORE_RULES, RuleBook, table

SETUP = "Alchemy Puzzles > Alchemy Puzzle Setup"
ATTEMPT = "Alchemy Puzzles > Attempting an Alchemy Puzzle"
COMPLETE = "Alchemy Puzzles > Completing an Alchemy Puzzle"
OTHER = "Alchemy Puzzles > Other Alchemy Puzzle Rules"
SIDE = "Side Effect Cards"
NATURAL = "Other Rules > New Combat Card Tests (Conditional Modifiers)"
POSITIONS = "boardlog: positions (docs/positions/forbidden_alchemy.md)"

RULES = CORE_RULES + RuleBook(
    *table(SETUP + " (step 1)", {
        "forbidden_alchemy.setup.tile":
            "The chosen setup tile is laid in front of the player, not on the map.",
    }),
    *table(SETUP + " (step 2)", {
        "forbidden_alchemy.setup.shuffle":
            "The unused Alchemy pieces are shuffled face down into a pile.",
    }),
    *table(SETUP + " (step 3)", {
        "forbidden_alchemy.setup.deal":
            "Pieces come off the pile one by one, top edge first and then clockwise, until each "
            "edge has one; the shaped side faces the tile.",
    }),
    *table("Using This Expansion", {
        "forbidden_alchemy.setup.side-effect-deck":
            "The Side Effect deck is shuffled and set beside the Trauma deck before play.",
    }),
    *table(ATTEMPT, {
        "forbidden_alchemy.setup.investigator":
            "The investigator attempting the puzzle, with the Intellect, Luck and skill points "
            "that matter to it.",
        "forbidden_alchemy.actions.intellect":
            "The attempt gets as many puzzle actions as the investigator's Intellect.",
        "forbidden_alchemy.actions.phase":
            "Puzzle actions are taken only during the attempt, before the test.",
        "forbidden_alchemy.actions.swap":
            "One action exchanges two pieces that lie on touching edges.",
        "forbidden_alchemy.actions.adjacent":
            "Only pieces that touch each other may be swapped; the tile says which edges touch.",
        "forbidden_alchemy.actions.replace":
            "Two actions replace a piece: the chosen piece is discarded, then a random piece from "
            "the pile takes its place.",
        "forbidden_alchemy.actions.replace-order":
            "Unlike other puzzles, the piece to replace is chosen before the new piece is drawn.",
        "forbidden_alchemy.actions.pile-empty":
            "A replacement needs a piece to draw; with the pile empty none can be made.",
        "forbidden_alchemy.actions.not-enough":
            "An action cannot be taken without enough puzzle actions left to pay for it.",
        "forbidden_alchemy.actions.edge":
            "Edges are numbered from the top edge clockwise; a command must name edges the tile "
            "has.",
        "forbidden_alchemy.actions.stop":
            "The player may stop at any time; when stopping or out of actions, the test must be "
            "made.",
        "forbidden_alchemy.actions.exhausted":
            "With every puzzle action used, the attempt ends and only the test remains: no skill "
            "point can then be spent to add Luck (our reading of the attempt ending once every "
            "action is used).",
    }),
    *table(OTHER, {
        "forbidden_alchemy.skill.luck":
            "Spending a skill point during the puzzle adds the investigator's Luck to the puzzle "
            "actions.",
        "forbidden_alchemy.skill.once":
            "Luck is added to Intellect once: a second skill point does not add it again (the "
            "section adds Luck to Intellect, not Luck per point).",
        "forbidden_alchemy.skill.none-left": "Without a skill point left, none can be spent.",
    }),
    *table(COMPLETE, {
        "forbidden_alchemy.test.correct":
            "A piece is correctly placed when its shape matches the shape of the tile edge it "
            "touches.",
        "forbidden_alchemy.test.roll":
            "The test rolls one ten-sided die; no skill point may be used on it.",
        "forbidden_alchemy.test.pass":
            "A roll at or below the number of correct pieces passes: the puzzle is completed.",
        "forbidden_alchemy.test.fail":
            "A roll above the number of correct pieces fails: the puzzle is not completed.",
    }),
    # The Alchemy test is rolled "like an attribute test" (COMPLETE); the expansion recalls the
    # natural 1 and 10 of every test under "New Combat Card Tests", so that is the section cited.
    *table(NATURAL, {
        "forbidden_alchemy.test.natural-1":
            "As in every test, a roll of 1 passes whatever the number tested (even no correct "
            "piece).",
        "forbidden_alchemy.test.natural-10":
            "As in every test, a roll of 10 fails whatever the number tested (even ten or more "
            "correct pieces).",
    }),
    *table(COMPLETE, {
        "forbidden_alchemy.test.side-effect":
            "Every failed Alchemy test makes the investigator draw a Side Effect card (the "
            "rulebook does not say what happens once the deck is used up: our reading, then none "
            "is drawn).",
        "forbidden_alchemy.cleanup.bottom":
            "Pass or fail, all the pieces (those on the tile and those discarded by replacements) "
            "go face down under the pile; a failed puzzle does not stay on the table. The worked "
            "example speaks of shuffling them into the pile instead; we keep the section's own "
            "text (under the pile), and the next setup shuffles the pile anyway.",
    }),
    *table(SIDE, {
        "forbidden_alchemy.side-effect.draw":
            "The top card of the Side Effect deck is placed face up by the investigator and takes "
            "effect at once.",
        "forbidden_alchemy.side-effect.multi-investigator":
            "A card with the multi-investigator icon drawn when one investigator plays is "
            "discarded and another is drawn.",
        "forbidden_alchemy.side-effect.discard":
            "A card whose text says so is discarded once its effect is resolved.",
        "forbidden_alchemy.side-effect.stays":
            "Any other card stays in play until the game ends or an effect discards it.",
    }),
    # ---- positions: what a position written out must hold (docs/positions/forbidden_alchemy.md)
    *table(POSITIONS, {
        "forbidden_alchemy.position.shape":
            "A position's sections and fields are those the format names, each of its type, "
            "with setup options the game offers.",
        "forbidden_alchemy.position.phase":
            "A position is of an attempt under way (its puzzle actions) or over (its test made).",
    }),
    *table(SETUP + " (step 3)", {
        "forbidden_alchemy.position.piece":
            "Each of the twelve pieces lies in one place: along an edge, in the pile, or among "
            "the pieces a replacement discarded.",
        "forbidden_alchemy.position.edge":
            "During an attempt every edge of the tile holds a piece; once the test is made none "
            "does, and no discard is left, for every piece went under the pile.",
    }),
    *table(ATTEMPT, {
        "forbidden_alchemy.position.actions":
            "No more puzzle actions are left than Intellect gives, with Luck once a skill point "
            "added it; none is left once the test is made.",
    }),
    *table(OTHER, {
        "forbidden_alchemy.position.skill":
            "No more skill points are left than the investigator has, one fewer once one added "
            "Luck to the puzzle.",
    }),
    *table(SIDE, {
        "forbidden_alchemy.position.card":
            "Each Side Effect card lies in one place: the deck, the discards, in play, or just "
            "drawn.",
    }),
    *table(COMPLETE, {
        "forbidden_alchemy.position.test":
            "A finished attempt says its roll and the correct pieces it was tested against, and "
            "whether it passed, as the d10 test of those decides; an attempt under way has made "
            "no test.",
    }),
)
