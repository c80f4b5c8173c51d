"""Rule references for `forbidden_alchemy_story`: rule id -> section, our explanation.

Two kinds of rule live here, and the section says which:

- the expansion's, with the section of the Forbidden Alchemy rulebook
  (`../shared/rulebooks/forbidden-alchemy.txt`) that states it;
- OURS: a small stand-in for the base game the expansion relies on (its
  rulebook is not among ours).  Their section starts with "Ours (stand-in
  base game)" so no reader takes them for the rulebook's.

The puzzle game's rules (`forbidden_alchemy.*`) are included as they are:
the Alchemy puzzle inside a story is played by that game's rules.
Explanations are written for this project, never the rulebook's sentences.
"""

from engine.core.rules import CORE_RULES, RuleBook, RuleRef
from engine.games.forbidden_alchemy.rulebook import RULES as PUZZLE_RULES

R = "forbidden_alchemy_story."
OURS = "Ours (stand-in base game): "
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


def _refs(section: str, **rules: str) -> list[RuleRef]:
    """`__` in a keyword becomes `.`, `_` a `-` (as `engine.core.rules.table`)."""
    return [
        RuleRef(R + key.replace("__", ".").replace("_", "-"), section, text)
        for key, text in rules.items()
    ]


STORY_RULES = [
    # ---- setup -------------------------------------------------------------------------------
    *_refs(
        OURS + "setup",
        setup__map="The mansion is laid out: rooms of one or more spaces, doors between rooms, open boundaries inside rooms, dashed impassable borders, outer room edges.",
        setup__items="The items that may come into play, each with the attack type it fights with, if any.",
        setup__story="The story played, its Event cards in order, and the space where investigators begin.",
        setup__investigators="Each investigator seat takes a character with attributes, health, sanity, skill points and starting items.",
        setup__monsters="The kinds of monster: name, Combat deck, whether it flies, horror rating.",
        setup__monster_placed="The story's starting monsters are placed on the map.",
        setup__combat="The Combat cards are known to all; each monster class's deck is shuffled face down.",
        setup__keeper_actions="The Keeper Action cards lie face up before the keeper, each with its threat cost.",
        setup__trauma="The Trauma cards are known to all; their deck is shuffled face down.",
        setup__keeper_hand="The keeper takes Trauma cards from the deck into a hand nobody else sees.",
        setup__keeper_guide="The keeper reads, in secret, the objective cards the #1 story choice picks from.",
    ),
    RuleRef(
        R + "setup.trait",
        "Using This Expansion",
        "Trait cards join the base game's: each investigator takes one of the two his character "
        "offers (ours: the cards, the choice as a setup option, an attribute bonus or an item).",
    ),
    RuleRef(
        R + "setup.monster-tokens",
        "Using This Expansion",
        "Each monster figure has a token of its kind slotted in its base; which token goes under which figure is random, and only the keeper knows the bottoms.",
    ),
    RuleRef(
        R + "setup.side-effect-threats",
        THREAT,
        "The Side Effect cards that show a threat cost, with what the keeper's threat buys (stand-in costs and effects).",
    ),
    RuleRef(
        R + "setup.time-period",
        "Component Breakdown > Time Period Marker",
        "The Time Period marker lies on one Time Period card to show when the investigators are (stand-in cards; only Story 2 moves it).",
    ),
    # ---- Story 2: Lost in Time and Space ------------------------------------------------------
    RuleRef(
        R + "errata.map-setup",
        STORY2 + " (Map Setup)",
        "Story 2's map has the Guest Bedroom tile in place of the Holding Cell, and no sealed "
        "door (our map: the Guest Bedroom is laid for Story 2 only; there are no sealed doors).",
    ),
    RuleRef(
        R + "errata.seed-cards",
        STORY2 + " (Seed Cards)",
        "The Keeper Guide's Seed Cards section deals to the Guest Bedroom, not the Observation "
        "Room: our objectives put the Seeds Exploration card there.",
    ),
    RuleRef(
        R + "errata.pet",
        STORY2 + " (Objective 1C)",
        "When Objective 1C is revealed the keeper places The Pet, a named shoggoth with five "
        "more health for each investigator (each who began the story, as for West), before "
        "play goes on.",
    ),
    RuleRef(
        R + "errata.pet-room",
        STORY2 + " (Objective 1C)",
        "The Pet goes into any room that holds an investigator (hiding or not) when the card is "
        "revealed. Our reading: being placed is not entering, so a room with a Lock card that "
        "holds an investigator may be chosen too; from then on the Pet never enters one.",
    ),
    RuleRef(
        R + "errata.pet-lock",
        STORY2 + " (Objective 1C)",
        "The Pet never enters a room that has a Lock card.",
    ),
    RuleRef(
        R + "seeds.marker",
        "Component Breakdown > Seeds Marker",
        "The Seeds Exploration card brings the Seeds marker; its holder keeps both until they "
        "are planted (what planting does is ours).",
    ),
    *_refs(
        OURS + "Story 2 (Seeds, time travel, Lock cards)",
        setup__locks="Lock cards lie face up on rooms, each naming the item that opens it.",
        lock__key="An investigator enters a room with a Lock card only holding the item that "
        "opens it; other monsters than The Pet are not stopped by it.",
        seeds__objective="Only an objective that calls for the Seeds lets an investigator plant "
        "them.",
        seeds__held="Only the investigator holding the Seeds card may plant it.",
        seeds__room="The Seeds are planted only in the room the objective names.",
        seeds__plant="Planting spends the action and the Seeds card; the Seeds marker stays in "
        "the room, marked with the Time Period of the moment.",
        time__rift="Only in a room marked as a rift (the Guest Bedroom) can an investigator "
        "travel in time.",
        time__period="Travel goes to one of the other Time Period cards.",
        objective__seeds_win="Story 2 (ours): the investigators win when the Seeds were planted "
        "in the objective's room in its planting period and the Time Period marker is then moved "
        "to its growing period.",
    ),
    RuleRef(
        R + "time.travel",
        "Component Breakdown > Time Period Cards",
        "Investigators may travel through time: the action moves the Time Period marker to "
        "another Time Period card (when they may is ours: from the rift room, as the action).",
    ),
    # ---- replacement cards, Obstacle cards --------------------------------------------------
    RuleRef(
        R + "setup.replacements",
        "Replacement Cards",
        "Of the eleven cards the expansion reprints, only the R versions are used: content "
        "naming one must be its R version (our faces: Dark Ritual, Uncontrollable Urges, "
        "Witchcraft, You stand unflinching..., Dynamite, Suitcase, Blood Pact, Strange Skies; "
        "the Fall of House Lynch cards belong to a story not played).",
    ),
    *_refs(
        OURS + "replacement cards' faces, Obstacle cards",
        keeper__harm="A Keeper Action whose face names harm: the investigator chosen (not "
        "hiding) suffers it.",
        item__dynamite="Dynamite: each monster in the holder's space suffers its damage, the "
        "holder one; only with a monster in his space.",
        item__blood_pact="Blood Pact: the caster suffers one damage and is given back sanity "
        "(no more than lost); only after suffering horror.",
        obstacle__test="An Obstacle card on top of a room is met by exploring: its test.",
        obstacle__test__pass="The Obstacle's test is passed.",
        obstacle__test__fail="The Obstacle's test is failed.",
        obstacle__cleared="A cleared Obstacle card is discarded.",
        obstacle__held="An Obstacle not cleared stays on top of the room; the action is spent.",
        obstacle__continue="With the Obstacle cleared, exploring goes on with the card beneath.",
    ),
    # ---- tokens and Darkness -----------------------------------------------------------------
    RuleRef(
        R + "setup.tokens",
        "Component List",
        "The supply holds the expansion's six Crawling Hand tokens and ten Mutation tokens.",
    ),
    RuleRef(
        R + "tokens.supply",
        "Component List",
        "No more tokens of a kind come into play than the expansion has.",
    ),
    RuleRef(
        R + "keeper.crawling-hands",
        "Component Breakdown > Crawling Hand Tokens",
        "The Crawling Hands Keeper Action puts a Crawling Hand token on an investigator who is "
        "not hiding (its cost is ours).",
    ),
    RuleRef(
        R + "crawling-hands.drop",
        OURS + "Crawling Hand tokens",
        "As an investigator's turn begins, each Crawling Hand on him costs one movement point; "
        "then they drop off back to the supply.",
    ),
    RuleRef(
        R + "keeper.mutation",
        "Component Breakdown > Mutation Tokens",
        "A Mutation token grows on an investigator: ours, the Mutation Keeper Action puts one on "
        "an investigator who has suffered damage and is not hiding.",
    ),
    RuleRef(
        R + "keeper.writhing-growths",
        "Component Breakdown > Mutation Tokens",
        "The keeper turns Mutation tokens to his advantage: ours, the Writhing Growths Keeper "
        "Action makes an investigator suffer one damage for each Mutation token on him.",
    ),
    *_refs(
        OURS + "Darkness",
        keeper__darkness="Lights Out: a room still lit goes Dark, a status effect that lasts "
        "the rest of the story.",
        darkness__dread="An investigator who ends a turn in a Dark room suffers one horror.",
    ),
    # ---- the #1 story choice and objectives --------------------------------------------------
    *_refs(
        OURS + "story choices",
        choice__make="Before play the keeper makes the #1 story choice in secret; it picks the objective card.",
        choice__once="The #1 story choice is made once, before the first turn.",
        choice__known="The choice must be one the story offers.",
        choice__exploration="The keeper deals the face-down Exploration cards the chosen objective lists, room by room.",
        objective__reveal="An Event card turns the objective face up for everyone; the keeper's secret choice is shown with it.",
        objective__end="When the story ends, the objective and the choice are shown to all if they were still hidden.",
        objective__last_event="When the last Event card is resolved and the investigators have not won, the objective says who wins: the keeper, or nobody.",
    ),
    RuleRef(
        R + "objective.puzzle-attempt",
        STORY1,
        "Objective 1B as corrected: an investigator holding Clue 1 may spend the action on Alchemy Puzzle #10B (our other objectives use the same mechanism with other tiles). The pile of pieces carries over from one attempt to the next.",
    ),
    RuleRef(
        R + "objective.puzzle-win",
        STORY1,
        "Objective 1B as corrected: passing the Alchemy test of that puzzle wins the story for the investigators.",
    ),
    RuleRef(
        R + "errata.wrong-turn",
        GENERAL + " (Wrong Turn Mythos card)",
        "On a failed test the keeper may move the investigator to any other space of a Hallway "
        "that holds no Exploration, Lock or Obstacle card (the keeper names the space when he "
        "plays the card; naming none leaves the investigator where he is).",
    ),
    RuleRef(
        R + "errata.west",
        STORY1 + " (Event Card IV)",
        "For objectives 1A and 1C, Event IV places West in the Library: a named maniac with three "
        "more health for each investigator (our reading: each who began the story, eliminated "
        "or escaped ones too).",
    ),
    RuleRef(
        R + "errata.west-moves",
        STORY1 + " (Event Card IV)",
        "When the keeper uses Creature of Night, West may move up to three spaces instead of one.",
    ),
    RuleRef(
        R + "puzzle.objective",
        STORY1,
        "Only an objective that names an Alchemy puzzle lets an investigator attempt one.",
    ),
    RuleRef(
        R + "puzzle.clue",
        STORY1,
        "Only an investigator holding the clue the objective names may attempt its puzzle.",
    ),
    RuleRef(
        R + "puzzle.end",
        "Alchemy Puzzles > Completing an Alchemy Puzzle",
        "After the test the puzzle is put away and the investigator's turn goes on.",
    ),
    RuleRef(
        R + "puzzle.exploration",
        "Alchemy Puzzles > Attempting an Alchemy Puzzle",
        "An Exploration card that asks for an Alchemy puzzle is attempted at once, as part of "
        "the explore action that turned it up (our stand-in card: Sealed Retort, #10A).",
    ),
    RuleRef(
        R + "puzzle.card-pass",
        "Alchemy Puzzles > Completing an Alchemy Puzzle",
        "Completing the puzzle does what its card says; ours is discarded from the room.",
    ),
    RuleRef(
        R + "puzzle.card-continue",
        "Alchemy Puzzles > Completing an Alchemy Puzzle",
        "With the card out of the way the investigator goes on exploring: the card beneath is "
        "taken as part of the same action (our reading of going on exploring).",
    ),
    RuleRef(
        R + "puzzle.card-fail",
        "Alchemy Puzzles > Completing an Alchemy Puzzle",
        "A failed test: after the Side Effect card, the card that began the puzzle adds its own "
        "failure effects, and only then do the pieces go back (the order of the worked "
        "example); the card stays on top of the room, to be attempted again.",
    ),
    RuleRef(
        R + "setup.side-effect-now",
        "Side Effect Cards",
        "What the Side Effect cards do the moment they are drawn and while they stay in play "
        "(stand-in effects for stand-in cards).",
    ),
    RuleRef(
        R + "side-effect.immediate",
        "Side Effect Cards",
        "A Side Effect card acts as soon as it is drawn, before it is kept or discarded.",
    ),
    RuleRef(
        R + "side-effect.lasting",
        "Side Effect Cards",
        "A Side Effect card kept in play acts until the game ends (ours, after the stand-in "
        "texts: a modifier applied to every test of its attribute before the roll, fewer "
        "movement points as each turn begins and no run that would move him past the card's "
        "spaces a turn, harm suffered as each turn begins).",
    ),
    RuleRef(
        R + "side-effect.choose",
        "Side Effect Cards",
        "A Side Effect card that acts on another investigator has its drawer choose him among "
        "those it allows (hiding ones too); with only one, he is the one (ours: a drawer who "
        "leaves the house before choosing leaves the choice to the first offered).",
    ),
    RuleRef(
        R + "side-effect.stun",
        OURS + "Side Effect cards",
        "A stunned investigator loses the action of his next turn, then is stunned no more.",
    ),
    RuleRef(
        R + "errata.subject-test",
        STORY3 + " (Objective 1C)",
        "Objective 1C's test (ours: Will, made on reveal by each investigator in the Greenhouse).",
    ),
    RuleRef(
        R + "errata.subject-test.pass",
        STORY3 + " (Objective 1C)",
        "With the results swapped, passing Objective 1C's test eliminates the investigator.",
    ),
    RuleRef(
        R + "errata.subject-test.fail",
        STORY3 + " (Objective 1C)",
        "With the results swapped, failing Objective 1C's test leaves the investigator in play.",
    ),
    RuleRef(
        R + "errata.studies-on-hysteria",
        GENERAL + " (Studies on Hysteria)",
        "Using Studies on Hysteria discards one insanity Trauma card in play on its holder "
        "(only then can it be used).",
    ),
    RuleRef(
        R + "errata.attack-in-space",
        GENERAL + " (Bone Saw and Sword Cane)",
        "Both cards give the action of attacking a monster in the investigator's own space.",
    ),
    RuleRef(
        R + "objective.escape-win",
        STORY3,
        "Objective 1C as corrected: the investigators win when the one carrying the Yellow Matter escapes from Hallway 2; nobody else needs to escape.",
    ),
    # ---- turns -------------------------------------------------------------------------------
    *_refs(
        OURS + "investigator turn",
        turn__investigator="On an investigator's turn: two spaces of movement and one action, in any order.",
        turn__order="Only the investigator whose turn it is may move or act.",
        turn__pending="While a question waits for an answer, nothing else is done.",
        turn__one_action="One action per turn: attack, explore, run, hide, use an item, or attempt a puzzle.",
        turn__commands="That command is not one an investigator has.",
        turn__end="The investigator ends the turn; the next investigator, then the keeper, plays.",
        move__points="Each space moved costs one movement point.",
        move__adjacent="A move goes to a linked space: through an open boundary or a door.",
        move__step="The investigator moves one space.",
        move__evade="Leaving a space with a monster, the investigator evades it: a Dexterity "
        "test less the monster's horror rating, for each monster there.",
        move__evade__pass="The monster is evaded: the move goes on.",
        move__evade__fail="The monster is not evaded: the investigator stays, his movement ends.",
        move__evade__damage="Not evading, the investigator suffers the damage on the bottom of "
        "the monster's token.",
        action__run="Running spends the action on one more space of movement.",
        action__explore="Exploring takes the top face-down Exploration card of the room; an item is kept, a card of nothing is discarded.",
        action__use_item="Using an item spends the action; the item is discarded once used.",
        item__use="Only an item the investigator holds, and one that can be used, may be used.",
        item__recover="The item gives back health or sanity, never more than was lost.",
        explore__empty="A room without Exploration cards left cannot be explored.",
        action__attack="An attack: a weapon held (or none) against a monster in reach.",
        attack__weapon="The attack is made with a weapon the investigator holds, or with none.",
        attack__monster="The target must be a monster on the map.",
        attack__reach="Melee weapons and bare hands reach only a monster in the investigator's own space.",
        attack__line_of_sight="A firearm reaches a monster in the investigator's space or in a linked space in line of sight.",
        attack__end="The attack is over once the card's result is applied.",
        hiding__hide="In a room with a hiding place, the action can be spent on hiding.",
        hiding__place="Only a room with a hiding place lets an investigator hide.",
        hiding__already="An investigator already hiding cannot hide again.",
        hiding__move_ends="Moving ends hiding (unless Mists of Releh was cast this turn).",
        hiding__attack_ends="Attacking ends hiding.",
    ),
    # ---- keeper turn -------------------------------------------------------------------------
    *_refs(
        OURS + "keeper turn",
        keeper__threat="The keeper's turn begins with one threat token for each investigator still in the house.",
        keeper__turn="The keeper acts only in the keeper's turn.",
        keeper__commands="That command is not one the keeper has.",
        keeper__action="The keeper spends threat on a Keeper Action card.",
        keeper__action_unknown="Only the Keeper Action cards of this story may be used.",
        keeper__action_once="Each Keeper Action card may be used once in each keeper turn.",
        keeper__action_targets="Each Keeper Action card names what it acts on.",
        keeper__threat_cost="The keeper cannot spend more threat than he has.",
        keeper__target="A target must be an investigator still in the house.",
        keeper__monster="The monster must be on the map.",
        keeper__monster_move="A monster moves to a linked space.",
        keeper__creature_of_night="Creature of Night: a monster moves one space.",
        keeper__sample_target="Take Sample: the investigator chosen must share a space with a monster.",
        keeper__take_sample="Take Sample: the investigator chosen suffers one damage.",
        keeper__summon_monster="Dark Summons: the monster must be one not yet on the map and not killed.",
        keeper__summon_space="Dark Summons: the space must hold no investigator.",
        keeper__kindle="Kindle the Flames: a room not yet burning is set on Fire, a status "
        "effect that lasts the rest of the story.",
        fire__burn="An investigator who ends a turn in a room on Fire suffers one damage.",
        keeper__dark_summons="Dark Summons: the monster is placed on the map.",
        keeper__end="The keeper ends the turn; the next Event card is resolved.",
        event__resolve="At the end of each keeper turn the next Event card of the story is read.",
        monster__attack="Once in each keeper turn, each monster may attack an investigator in its space.",
        monster__once="A monster attacks at most once in each keeper turn.",
        monster__reach="A monster attacks only an investigator in its own space.",
        monster__hidden="A monster does not attack a hiding investigator (our reading; the expansion's Hiding section does not speak of monster attacks).",
        monster__card="A monster's attack: the keeper draws from its class's Combat deck until "
        "a card has a monster attack, and resolves that part.",
        monster__card_no_match="A Combat card without a monster attack is discarded and the "
        "keeper draws again.",
        monster__evade="The investigator attacked makes the test the card's monster attack "
        "names, to get away.",
        monster__damage="The card's result for the test is what the investigator suffers (its "
        "damage may be the damage on the bottom of the monster's token).",
        monster__examine="When a monster deals or is dealt damage, everyone looks at the bottom of its token.",
        monster__killed="A monster whose damage reaches the health on its token is killed and leaves the map.",
        setup__mythos="The Mythos cards are known to all; their deck is shuffled face down.",
        mythos__in_hand="The keeper plays only a Mythos card from his hand.",
        mythos__targets="A Mythos card names an investigator (and, for a card that may move "
        "him, a space).",
        mythos__play="In his turn the keeper pays a Mythos card's threat cost and plays it on an "
        "investigator.",
        mythos__test="The investigator makes the test the Mythos card names.",
        mythos__test__pass="The Mythos card's test is passed: nothing happens.",
        mythos__test__fail="The Mythos card's test is failed: its fail result applies.",
        mythos__fail="The Mythos card's fail result: the investigator suffers damage or horror.",
        mythos__discard="A Mythos card is discarded once resolved.",
        trauma__in_hand="The keeper plays only a Trauma card from his hand.",
        trauma__kind="A physical Trauma card goes on an investigator who has suffered damage, an insanity one on one who has suffered horror.",
        trauma__play="The keeper pays the card's threat cost and plays it on the investigator.",
        trauma__effect="The Trauma card's effect is applied at once.",
        trauma__discard="A Trauma card without a threat effect is discarded once resolved.",
    ),
    # ---- harm --------------------------------------------------------------------------------
    *_refs(
        OURS + "health, sanity and horror checks",
        horror__check="When a monster enters an investigator's room, or the investigator enters a room with a monster, the investigator makes a horror check against the most horrifying monster there.",
        horror__test="A horror check tests Will, less the monster's horror rating.",
        horror__fail="A failed horror check: the investigator suffers horror equal to the monster's horror rating.",
        health__eliminated="An investigator with no health left is eliminated.",
        sanity__eliminated="An investigator with no sanity left goes insane and is eliminated.",
        items__dropped="An eliminated investigator's items drop in his room: they go on top "
        "of its Exploration cards, to be found again.",
        end__no_investigators="With no investigator left in the house, the keeper wins.",
        horror__test__pass="The horror check is passed.",
        horror__test__fail="The horror check is failed.",
        monster__evade__pass="The investigator gets away from the monster's attack.",
        monster__evade__fail="The investigator does not get away from the monster's attack.",
    ),
    *_refs(
        OURS + "Combat cards and attribute tests",
        combat__damage="The Combat card's result: the attacker suffers damage.",
        combat__horror="The Combat card's result: the attacker suffers horror.",
        combat__wound="The Combat card's result: the monster suffers damage.",
        combat__discard="The Combat card resolved goes to its deck's discards.",
        combat__reshuffle="An empty Combat deck is made again from its discards, shuffled.",
        combat__match="A card with one attack type that matches the weapon is resolved.",
        combat__no_match="A card with one attack type that does not match the weapon is discarded and the keeper draws again.",
        tests__attribute="An attribute test: a d10 against one of the investigator's attributes (the base game's test, as the expansion recalls it for the Alchemy test).",
        tests__attribute__pass="An attribute test: a roll at or under the attribute passes.",
        tests__attribute__fail="An attribute test: a roll over the attribute fails.",
    ),
    # ---- the expansion -----------------------------------------------------------------------
    RuleRef(
        R + "border.impassable",
        BORDERS,
        "Nothing lets an investigator cross a dashed impassable border unless an effect allows it; a monster that does not fly cannot cross it either.",
    ),
    RuleRef(
        R + "border.flying",
        BORDERS,
        "A flying monster (a byakhee) may move across an impassable border.",
    ),
    RuleRef(
        R + "combat.two-types",
        MULTI,
        "A card listing two attack types: the one that matches the attacker's weapon is "
        "resolved (if both answer it, the one naming it exactly, our reading).",
    ),
    RuleRef(
        R + "combat.keep-drawing",
        MULTI,
        "A card listing two attack types, neither matching the weapon: the keeper draws another card.",
    ),
    RuleRef(
        R + "weapon.sharp-and-blunt",
        WEAPON,
        "A sharp and blunt melee weapon counts as sharp, as blunt and as a melee weapon: the "
        "first card naming any of these is resolved (a card naming two of them: the first "
        "named, our reading).",
    ),
    RuleRef(
        R + "byakhee.keeper-examines",
        BYAKHEE,
        "When a byakhee deals or is dealt damage, only the keeper looks at its token's bottom; the values stay hidden from every investigator.",
    ),
    RuleRef(
        R + "byakhee.keen-eye",
        BYAKHEE,
        "Darrell Simmins may look at a byakhee's token bottom with his Keen Eye; the values are "
        "shown to his seat and the keeper only (when he may look is our reading: whenever it "
        "deals him damage, its special attack's damage too, or he deals it damage).",
    ),
    RuleRef(
        R + "byakhee.special",
        BYAKHEE,
        "A byakhee's special attack is made on an investigator in its space.",
    ),
    RuleRef(
        R + "byakhee.question",
        BYAKHEE,
        "For the special attack, the question printed on the token is read to all; what each answer leads to is not.",
    ),
    RuleRef(
        R + "byakhee.answer",
        BYAKHEE,
        "After the investigator answers, only the result for that answer is read out; the other stays secret.",
    ),
    RuleRef(
        R + "byakhee.result",
        BYAKHEE,
        "The result read out is applied to the investigator who answered.",
    ),
    RuleRef(
        R + "tests.either-or",
        TESTS,
        "An either/or test: the investigator picks one of the two attributes named and tests it.",
    ),
    RuleRef(
        R + "tests.either-or.pass",
        TESTS,
        "The chosen attribute's test is passed: the roll is at or under it.",
    ),
    RuleRef(
        R + "tests.either-or.fail",
        TESTS,
        "The chosen attribute's test is failed: the roll is over it.",
    ),
    RuleRef(
        R + "tests.non-attribute",
        TESTS,
        "A non-attribute test uses a number that is not an attribute, such as the sanity or health left.",
    ),
    RuleRef(
        R + "tests.non-attribute.pass",
        TESTS,
        "Non-attribute test: a d10 at or under that number passes.",
    ),
    RuleRef(
        R + "tests.non-attribute.fail", TESTS, "Non-attribute test: a d10 over that number fails."
    ),
    RuleRef(
        R + "tests.conditional-modifier",
        TESTS,
        "A conditional modifier (for instance, minus one for each horror held) changes the number before the die is rolled.",
    ),
    RuleRef(
        R + "tests.natural-1",
        TESTS + " (Conditional Modifiers)",
        "The expansion's reminder: whatever the number, a roll of 1 passes a test.",
    ),
    RuleRef(
        R + "tests.natural-10",
        TESTS + " (Conditional Modifiers)",
        "The expansion's reminder: whatever the number, a roll of 10 fails a test.",
    ),
    RuleRef(
        R + "tests.multiple",
        TESTS,
        "Two tests are made in the order the card names them; the card then gives one result for passing both, one for passing one, one for failing both.",
    ),
    RuleRef(
        R + "tests.multiple.other",
        TESTS,
        "The attacker chooses which other investigator in the room makes the card's second test "
        "(chosen for him when only one is there). The rulebook's example says an investigator "
        "in your room; our stand-in cards that use this say another one (a friend), so the "
        "attacker never makes both tests himself.",
    ),
    RuleRef(
        R + "tests.multiple.nobody",
        OURS + "New Combat Card Tests",
        "Our reading: with no other investigator in the room, a test another investigator must make counts as failed.",
    ),
    RuleRef(
        R + "threat.card",
        THREAT,
        "Only a Trauma or Side Effect card in play that shows a threat cost has a threat effect.",
    ),
    RuleRef(
        R + "threat.spend",
        THREAT,
        "The keeper pays the threat cost shown on the card to trigger its effect.",
    ),
    RuleRef(
        R + "threat.effect",
        THREAT,
        "The threat effect is applied to the investigator the card is on.",
    ),
    RuleRef(R + "threat.once", THREAT, "Our stand-in cards say when: once in each keeper turn."),
    RuleRef(
        R + "escape.objective",
        ESCAPE,
        "Crossing a room's outer edge is allowed only when the objective says to escape (the "
        "investigators' for them, the keeper's for a monster).",
    ),
    RuleRef(
        R + "escape.edge",
        ESCAPE,
        "The edge crossed must be a white outer line of the room to escape from, one that touches no other room.",
    ),
    RuleRef(
        R + "escape.cross",
        ESCAPE,
        "Instead of moving through a door, the investigator crosses the outer edge and leaves "
        "the map. It is a move like any other (one movement point; leaving a space with a "
        "monster he must evade it first, unless Mists of Releh hides him), our reading of "
        "crossing the edge in place of a door.",
    ),
    RuleRef(
        R + "escape.monster",
        ESCAPE,
        "A monster that must escape to win may, as its move, cross the outer edge of the room "
        "it must escape from (our Creature of Night move; the step ends its move).",
    ),
    RuleRef(
        R + "objective.monster-escape-win",
        OURS + "story choices",
        "Story 3's Objective 1A (ours): the keeper wins when a byakhee escapes from Hallway 2.",
    ),
    RuleRef(
        R + "hiding.not-a-target",
        HIDING,
        "A hiding investigator cannot be chosen as the target of a Keeper Action.",
    ),
    RuleRef(
        R + "hiding.status-effects",
        HIDING,
        "A hiding investigator is still under the status effects of his room: Fire burns him "
        "as it burns anyone.",
    ),
    RuleRef(
        R + "hiding.horror-check",
        HIDING,
        "A hiding investigator still makes a horror check when a monster enters the room (and is still under the room's status effects).",
    ),
    RuleRef(
        R + "hiding.chosen",
        HIDING,
        "An investigator may still choose a hiding investigator in the same room when an effect lets him choose another investigator there.",
    ),
    RuleRef(
        R + "hiding.mists",
        HIDING,
        "Mists of Releh (our stand-in spell: an action, only while hiding, kept once cast): "
        "for the rest of the turn, moving does not end hiding.",
    ),
    RuleRef(
        R + "hiding.mists-move",
        HIDING,
        "Under Mists of Releh the investigator moves and stays hidden; entering a room with a "
        "monster still calls his horror check.",
    ),
    RuleRef(
        R + "epilogue.read",
        EPILOGUES,
        "When someone won, the epilogue for the #1 story choice and the winning side is read to all (stand-in texts).",
    ),
    RuleRef(R + "epilogue.none", EPILOGUES, "When all players lose there is no epilogue."),
]

# The puzzle game's rules, listed under this game's ids ("forbidden_alchemy.test.pass" is
# "forbidden_alchemy_story.puzzle.test.pass") with that game's sections and explanations.
PUZZLE_PREFIX = "forbidden_alchemy."
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
        R + "puzzle." + (key := r.id.removeprefix(PUZZLE_PREFIX)),
        NATURAL.get(key, r.section),
        r.explanation + IN_A_STORY.get(key, ""),
    )
    for r in PUZZLE_RULES
    if r.id.startswith(PUZZLE_PREFIX)
]

RULES = CORE_RULES + RuleBook(*STORY_RULES, *PUZZLE)
