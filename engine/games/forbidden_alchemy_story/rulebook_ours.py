"""The stand-in base game's rules, ours: rule id -> section, our explanation.

The expansion rests on the Mansions of Madness base game, whose rulebook is
not among ours; the story game plays on a small stand-in of our own (moving,
exploring, attacking, the keeper's turn, Event cards).  Every section here
starts with "Ours (stand-in base game)" so no reader takes these rules for
the rulebook's.  The expansion's own rules are in `rulebook.py`, which
assembles the game's table.
"""

from engine.core.rules import RuleRef, table

OURS = "Ours (stand-in base game): "

OURS_RULES: list[RuleRef] = [
    # ---- setup -------------------------------------------------------------------------------
    *table(OURS + "setup", {
        "forbidden_alchemy_story.setup.map":
            "The mansion is laid out: rooms of one or more spaces, doors between rooms, open "
            "boundaries inside rooms, dashed impassable borders, outer room edges.",
        "forbidden_alchemy_story.setup.items":
            "The items that may come into play, each with the attack type it fights with, if any.",
        "forbidden_alchemy_story.setup.story":
            "The story played, its Event cards in order, and the space where investigators begin.",
        "forbidden_alchemy_story.setup.investigators":
            "Each investigator seat takes a character with attributes, health, sanity, skill "
            "points and starting items.",
        "forbidden_alchemy_story.setup.monsters":
            "The kinds of monster: name, Combat deck, whether it flies, horror rating.",
        "forbidden_alchemy_story.setup.monster-placed":
            "The story's starting monsters are placed on the map.",
        "forbidden_alchemy_story.setup.combat":
            "The Combat cards are known to all; each monster class's deck is shuffled face down.",
        "forbidden_alchemy_story.setup.keeper-actions":
            "The Keeper Action cards lie face up before the keeper, each with its threat cost.",
        "forbidden_alchemy_story.setup.trauma":
            "The Trauma cards are known to all; their deck is shuffled face down.",
        "forbidden_alchemy_story.setup.keeper-hand":
            "The keeper takes Trauma cards from the deck into a hand nobody else sees.",
        "forbidden_alchemy_story.setup.keeper-guide":
            "The keeper reads, in secret, the objective cards the #1 story choice picks from.",
    }),
    *table(OURS + "Story 2 (Seeds, time travel, Lock cards)", {
        "forbidden_alchemy_story.setup.locks":
            "Lock cards lie face up on rooms, each naming the item that opens it.",
        "forbidden_alchemy_story.lock.key":
            "An investigator enters a room with a Lock card only holding the item that opens it; "
            "other monsters than The Pet are not stopped by it.",
        "forbidden_alchemy_story.seeds.objective":
            "Only an objective that calls for the Seeds lets an investigator plant them.",
        "forbidden_alchemy_story.seeds.held":
            "Only the investigator holding the Seeds card may plant it.",
        "forbidden_alchemy_story.seeds.room":
            "The Seeds are planted only in the room the objective names.",
        "forbidden_alchemy_story.seeds.plant":
            "Planting spends the action and the Seeds card; the Seeds marker stays in the room, "
            "marked with the Time Period of the moment.",
        "forbidden_alchemy_story.time.rift":
            "Only in a room marked as a rift (the Guest Bedroom) can an investigator travel in "
            "time.",
        "forbidden_alchemy_story.time.period": "Travel goes to one of the other Time Period cards.",
        "forbidden_alchemy_story.objective.seeds-win":
            "Story 2 (ours): the investigators win when the Seeds were planted in the objective's "
            "room in its planting period and the Time Period marker is then moved to its growing "
            "period.",
    }),
    *table(OURS + "replacement cards' faces, Obstacle cards", {
        "forbidden_alchemy_story.keeper.harm":
            "A Keeper Action whose face names harm: the investigator chosen (not hiding) suffers "
            "it.",
        "forbidden_alchemy_story.item.dynamite":
            "Dynamite: each monster in the holder's space suffers its damage, the holder one; only "
            "with a monster in his space.",
        "forbidden_alchemy_story.item.blood-pact":
            "Blood Pact: the caster suffers one damage and is given back sanity (no more than "
            "lost); only after suffering horror.",
        "forbidden_alchemy_story.obstacle.test":
            "An Obstacle card on top of a room is met by exploring: its test.",
        "forbidden_alchemy_story.obstacle.test.pass": "The Obstacle's test is passed.",
        "forbidden_alchemy_story.obstacle.test.fail": "The Obstacle's test is failed.",
        "forbidden_alchemy_story.obstacle.cleared": "A cleared Obstacle card is discarded.",
        "forbidden_alchemy_story.obstacle.held":
            "An Obstacle not cleared stays on top of the room; the action is spent.",
        "forbidden_alchemy_story.obstacle.continue":
            "With the Obstacle cleared, exploring goes on with the card beneath.",
    }),
    *table(OURS + "Crawling Hand tokens", {
        "forbidden_alchemy_story.crawling-hands.drop":
            "As an investigator's turn begins, each Crawling Hand on him costs one movement point; "
            "then they drop off back to the supply.",
    }),
    *table(OURS + "Darkness", {
        "forbidden_alchemy_story.keeper.darkness":
            "Lights Out: a room still lit goes Dark, a status effect that lasts the rest of the "
            "story.",
        "forbidden_alchemy_story.darkness.dread":
            "An investigator who ends a turn in a Dark room suffers one horror.",
    }),
    # ---- the #1 story choice and objectives --------------------------------------------------
    *table(OURS + "story choices", {
        "forbidden_alchemy_story.choice.make":
            "Before play the keeper makes the #1 story choice in secret; it picks the objective "
            "card.",
        "forbidden_alchemy_story.choice.once":
            "The #1 story choice is made once, before the first turn.",
        "forbidden_alchemy_story.choice.known": "The choice must be one the story offers.",
        "forbidden_alchemy_story.choice.exploration":
            "The keeper deals the face-down Exploration cards the chosen objective lists, room by "
            "room (the Keeper Guide's Seed Cards; Stories 2 and 3 cite their errata instead).",
        "forbidden_alchemy_story.objective.reveal":
            "An Event card turns the objective face up for everyone; the keeper's secret choice is "
            "shown with it.",
        "forbidden_alchemy_story.objective.end":
            "When the story ends, the objective and the choice are shown to all if they were still "
            "hidden.",
        "forbidden_alchemy_story.objective.last-event":
            "When the last Event card is resolved and the investigators have not won, the "
            "objective says who wins: the keeper, or nobody.",
    }),
    *table(OURS + "Side Effect cards", {
        "forbidden_alchemy_story.side-effect.stun":
            "A stunned investigator loses the action of his next turn, then is stunned no more.",
    }),
    # ---- turns -------------------------------------------------------------------------------
    *table(OURS + "investigator turn", {
        "forbidden_alchemy_story.turn.investigator":
            "On an investigator's turn: two spaces of movement and one action, in any order.",
        "forbidden_alchemy_story.turn.order":
            "Only the investigator whose turn it is may move or act.",
        "forbidden_alchemy_story.turn.pending":
            "While a question waits for an answer, nothing else is done.",
        "forbidden_alchemy_story.turn.one-action":
            "One action per turn: attack, explore, run, hide, use an item, or attempt a puzzle.",
        "forbidden_alchemy_story.turn.commands": "That command is not one an investigator has.",
        "forbidden_alchemy_story.turn.end":
            "The investigator ends the turn; the next investigator, then the keeper, plays.",
        "forbidden_alchemy_story.move.points": "Each space moved costs one movement point.",
        "forbidden_alchemy_story.move.adjacent":
            "A move goes to a linked space: through an open boundary or a door.",
        "forbidden_alchemy_story.move.step": "The investigator moves one space.",
        "forbidden_alchemy_story.move.evade":
            "Leaving a space with a monster, the investigator evades it: a Dexterity test less the "
            "monster's horror rating, for each monster there.",
        "forbidden_alchemy_story.move.evade.pass": "The monster is evaded: the move goes on.",
        "forbidden_alchemy_story.move.evade.fail":
            "The monster is not evaded: the investigator stays, his movement ends.",
        "forbidden_alchemy_story.move.evade.damage":
            "Not evading, the investigator suffers the damage on the bottom of the monster's "
            "token.",
        "forbidden_alchemy_story.action.run":
            "Running spends the action on one more space of movement.",
        "forbidden_alchemy_story.action.explore":
            "Exploring takes the top face-down Exploration card of the room; an item is kept, a "
            "card of nothing is discarded.",
        "forbidden_alchemy_story.action.use-item":
            "Using an item spends the action; the item is discarded once used.",
        "forbidden_alchemy_story.item.use":
            "Only an item the investigator holds, and one that can be used, may be used.",
        "forbidden_alchemy_story.item.recover":
            "The item gives back health or sanity, never more than was lost.",
        "forbidden_alchemy_story.explore.empty":
            "A room without Exploration cards left cannot be explored.",
        "forbidden_alchemy_story.action.attack":
            "An attack: a weapon held (or none) against a monster in reach.",
        "forbidden_alchemy_story.attack.weapon":
            "The attack is made with a weapon the investigator holds, or with none.",
        "forbidden_alchemy_story.attack.monster": "The target must be a monster on the map.",
        "forbidden_alchemy_story.attack.reach":
            "Melee weapons and bare hands reach only a monster in the investigator's own space.",
        "forbidden_alchemy_story.attack.line-of-sight":
            "A firearm reaches a monster in the investigator's space or in a linked space in line "
            "of sight.",
        "forbidden_alchemy_story.attack.end":
            "The attack is over once the card's result is applied.",
        "forbidden_alchemy_story.hiding.hide":
            "In a room with a hiding place, the action can be spent on hiding.",
        "forbidden_alchemy_story.hiding.place":
            "Only a room with a hiding place lets an investigator hide.",
        "forbidden_alchemy_story.hiding.already":
            "An investigator already hiding cannot hide again.",
        "forbidden_alchemy_story.hiding.move-ends":
            "Moving ends hiding (unless Mists of Releh was cast this turn).",
        "forbidden_alchemy_story.hiding.attack-ends": "Attacking ends hiding.",
    }),
    # ---- keeper turn -------------------------------------------------------------------------
    *table(OURS + "keeper turn", {
        "forbidden_alchemy_story.keeper.threat":
            "The keeper's turn begins with one threat token for each investigator still in the "
            "house.",
        "forbidden_alchemy_story.keeper.turn": "The keeper acts only in the keeper's turn.",
        "forbidden_alchemy_story.keeper.commands": "That command is not one the keeper has.",
        "forbidden_alchemy_story.keeper.action":
            "The keeper spends threat on a Keeper Action card.",
        "forbidden_alchemy_story.keeper.action-unknown":
            "Only the Keeper Action cards of this story may be used.",
        "forbidden_alchemy_story.keeper.action-once":
            "Each Keeper Action card may be used once in each keeper turn.",
        "forbidden_alchemy_story.keeper.action-targets":
            "Each Keeper Action card names what it acts on.",
        "forbidden_alchemy_story.keeper.threat-cost":
            "The keeper cannot spend more threat than he has.",
        "forbidden_alchemy_story.keeper.target":
            "A target must be an investigator still in the house.",
        "forbidden_alchemy_story.keeper.monster": "The monster must be on the map.",
        "forbidden_alchemy_story.keeper.monster-move": "A monster moves to a linked space.",
        "forbidden_alchemy_story.keeper.creature-of-night":
            "Creature of Night: a monster moves one space.",
        "forbidden_alchemy_story.keeper.sample-target":
            "Take Sample: the investigator chosen must share a space with a monster.",
        "forbidden_alchemy_story.keeper.take-sample":
            "Take Sample: the investigator chosen suffers one damage.",
        "forbidden_alchemy_story.keeper.summon-monster":
            "Dark Summons: the monster must be one not yet on the map and not killed.",
        "forbidden_alchemy_story.keeper.summon-space":
            "Dark Summons: the space must hold no investigator.",
        "forbidden_alchemy_story.keeper.kindle":
            "Kindle the Flames: a room not yet burning is set on Fire, a status effect that lasts "
            "the rest of the story.",
        "forbidden_alchemy_story.fire.burn":
            "An investigator who ends a turn in a room on Fire suffers one damage.",
        "forbidden_alchemy_story.keeper.dark-summons":
            "Dark Summons: the monster is placed on the map.",
        "forbidden_alchemy_story.keeper.end":
            "The keeper ends the turn; the next Event card is resolved.",
        "forbidden_alchemy_story.event.resolve":
            "At the end of each keeper turn the next Event card of the story is read.",
        "forbidden_alchemy_story.monster.attack":
            "Once in each keeper turn, each monster may attack an investigator in its space.",
        "forbidden_alchemy_story.monster.once":
            "A monster attacks at most once in each keeper turn.",
        "forbidden_alchemy_story.monster.reach":
            "A monster attacks only an investigator in its own space.",
        "forbidden_alchemy_story.monster.hidden":
            "A monster does not attack a hiding investigator (our reading; the expansion's Hiding "
            "section does not speak of monster attacks).",
        "forbidden_alchemy_story.monster.card":
            "A monster's attack: the keeper draws from its class's Combat deck until a card has a "
            "monster attack, and resolves that part.",
        "forbidden_alchemy_story.monster.card-no-match":
            "A Combat card without a monster attack is discarded and the keeper draws again.",
        "forbidden_alchemy_story.monster.evade":
            "The investigator attacked makes the test the card's monster attack names, to get "
            "away.",
        "forbidden_alchemy_story.monster.damage":
            "The card's result for the test is what the investigator suffers (its damage may be "
            "the damage on the bottom of the monster's token).",
        "forbidden_alchemy_story.monster.examine":
            "When a monster deals or is dealt damage, everyone looks at the bottom of its token.",
        "forbidden_alchemy_story.monster.killed":
            "A monster whose damage reaches the health on its token is killed and leaves the map; "
            "its corpse stays in the space where it fell, with any Mutation token on it.",
        "forbidden_alchemy_story.setup.mythos":
            "The Mythos cards are known to all; their deck is shuffled face down.",
        "forbidden_alchemy_story.mythos.in-hand":
            "The keeper plays only a Mythos card from his hand.",
        "forbidden_alchemy_story.mythos.targets":
            "A Mythos card names an investigator (and, for a card that may move him, a space).",
        "forbidden_alchemy_story.mythos.play":
            "In his turn the keeper pays a Mythos card's threat cost and plays it on an "
            "investigator.",
        "forbidden_alchemy_story.mythos.test":
            "The investigator makes the test the Mythos card names.",
        "forbidden_alchemy_story.mythos.test.pass":
            "The Mythos card's test is passed: nothing happens.",
        "forbidden_alchemy_story.mythos.test.fail":
            "The Mythos card's test is failed: its fail result applies.",
        "forbidden_alchemy_story.mythos.fail":
            "The Mythos card's fail result: the investigator suffers damage or horror.",
        "forbidden_alchemy_story.mythos.discard": "A Mythos card is discarded once resolved.",
        "forbidden_alchemy_story.trauma.in-hand":
            "The keeper plays only a Trauma card from his hand.",
        "forbidden_alchemy_story.trauma.kind":
            "A physical Trauma card goes on an investigator who has suffered damage, an insanity "
            "one on one who has suffered horror.",
        "forbidden_alchemy_story.trauma.play":
            "The keeper pays the card's threat cost and plays it on the investigator.",
        "forbidden_alchemy_story.trauma.effect": "The Trauma card's effect is applied at once.",
        "forbidden_alchemy_story.trauma.discard":
            "A Trauma card without a threat effect is discarded once resolved.",
    }),
    # ---- harm --------------------------------------------------------------------------------
    *table(OURS + "health, sanity and horror checks", {
        "forbidden_alchemy_story.horror.check":
            "When a monster enters an investigator's room, or the investigator enters a room with "
            "a monster, the investigator makes a horror check against the most horrifying monster "
            "there.",
        "forbidden_alchemy_story.horror.test":
            "A horror check tests Will, less the monster's horror rating.",
        "forbidden_alchemy_story.horror.fail":
            "A failed horror check: the investigator suffers horror equal to the monster's horror "
            "rating.",
        "forbidden_alchemy_story.health.eliminated":
            "An investigator with no health left is eliminated.",
        "forbidden_alchemy_story.sanity.eliminated":
            "An investigator with no sanity left goes insane and is eliminated.",
        "forbidden_alchemy_story.items.dropped":
            "An eliminated investigator's items drop in his room: they go on top of its "
            "Exploration cards, to be found again.",
        "forbidden_alchemy_story.end.no-investigators":
            "With no investigator left in the house, the keeper wins.",
        "forbidden_alchemy_story.horror.test.pass": "The horror check is passed.",
        "forbidden_alchemy_story.horror.test.fail": "The horror check is failed.",
        "forbidden_alchemy_story.monster.evade.pass":
            "The investigator gets away from the monster's attack.",
        "forbidden_alchemy_story.monster.evade.fail":
            "The investigator does not get away from the monster's attack.",
    }),
    *table(OURS + "Combat cards and attribute tests", {
        "forbidden_alchemy_story.combat.damage":
            "The Combat card's result: the attacker suffers damage.",
        "forbidden_alchemy_story.combat.horror":
            "The Combat card's result: the attacker suffers horror.",
        "forbidden_alchemy_story.combat.wound":
            "The Combat card's result: the monster suffers damage.",
        "forbidden_alchemy_story.combat.discard":
            "The Combat card resolved goes to its deck's discards.",
        "forbidden_alchemy_story.combat.reshuffle":
            "An empty Combat deck is made again from its discards, shuffled.",
        "forbidden_alchemy_story.combat.match":
            "A card with one attack type that matches the weapon is resolved.",
        "forbidden_alchemy_story.combat.no-match":
            "A card with one attack type that does not match the weapon is discarded and the "
            "keeper draws again.",
        "forbidden_alchemy_story.tests.attribute":
            "An attribute test: a d10 against one of the investigator's attributes (the base "
            "game's test, as the expansion recalls it for the Alchemy test).",
        "forbidden_alchemy_story.tests.attribute.pass":
            "An attribute test: a roll at or under the attribute passes.",
        "forbidden_alchemy_story.tests.attribute.fail":
            "An attribute test: a roll over the attribute fails.",
    }),
    *table(OURS + "New Combat Card Tests", {
        "forbidden_alchemy_story.tests.multiple.nobody":
            "Our reading: with no other investigator in the room, a test another investigator must "
            "make counts as failed.",
    }),
    *table(OURS + "story choices", {
        "forbidden_alchemy_story.objective.monster-escape-win":
            "Story 3's Objective 1A (ours): the keeper wins when a byakhee escapes from Hallway 2.",
    }),
]
