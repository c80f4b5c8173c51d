"""The investigator turn: movement, one action, answers to the questions a
resolution asks, and the Alchemy puzzle played inside the story.

Each function checks its rule with small guards (`RuleViolation`) and
returns the facts, built on a `Resolution`.
"""

from __future__ import annotations

from dataclasses import replace

from engine.core.errors import RuleViolation
from engine.games.forbidden_alchemy import events as pev
from engine.games.forbidden_alchemy import rules as puzzle_rules
from engine.games.forbidden_alchemy.state import OVER as PUZZLE_OVER
from engine.games.forbidden_alchemy.state import SEAT as PUZZLE_SEAT

from . import board, content, side_effects
from . import events as ev
from . import play_events as play
from .combat import (
    continue_attack,
    draw_combat_card,
    examine,
    horror_checks,
    waiting_for,
    wound,
)
from .pieces import INVESTIGATORS, Story
from .resolve import Resolution, end_story, hand_over, harm, lasting, roll_test, tested
from .rulebook import in_story

# Errata > General: these two cards begin "Action: Attack a monster in your space."
ATTACK_IN_SPACE = frozenset({"bone-saw", "sword-cane"})


# ---- guards ----------------------------------------------------------------------------------
def require_turn(s: Story, seat: str) -> None:
    if s.phase != INVESTIGATORS or s.current != seat:
        raise RuleViolation("forbidden_alchemy_story.turn.order", f"it is not {seat}'s turn")
    if s.attack is not None or s.question is not None or s.attempter or s.choosing:
        raise RuleViolation(
            "forbidden_alchemy_story.turn.pending", "a resolution waits for an answer first"
        )


def require_action(s: Story, seat: str) -> None:
    require_turn(s, seat)
    if s.acted:
        raise RuleViolation(
            "forbidden_alchemy_story.turn.one-action",
            f"{seat} has already taken an action this turn",
        )


def _require_move_point(s: Story) -> None:
    if s.moves < 1:
        raise RuleViolation("forbidden_alchemy_story.move.points", "no movement left this turn")


def _stop_hiding(res: Resolution, seat: str, rule: str) -> None:
    if res.state.investigators[seat].hidden:
        res.add(play.HidingEnded(rule=rule, seat=seat))


def _done(res: Resolution) -> list:
    hand_over(res)
    return res.facts


# ---- movement --------------------------------------------------------------------------------
def move(s: Story, seat: str, space: str, dice) -> list:
    require_turn(s, seat)
    _require_move_point(s)
    here = s.investigators[seat].space
    kind = board.link(s, here, space)
    if kind is None:
        raise RuleViolation(
            "forbidden_alchemy_story.move.adjacent", f"{space} is not next to {here}"
        )
    if kind == "impassable":
        raise RuleViolation(
            "forbidden_alchemy_story.border.impassable",
            f"a dashed impassable border lies between {here} and {space}",
        )
    if board.locked_out(s, s.investigators[seat], space):
        locked = board.room(s, space)
        raise RuleViolation(
            "forbidden_alchemy_story.lock.key",
            f"a Lock card bars the {s.rooms[locked]['name']}: it opens to "
            f"{s.items[s.locks[locked]].name} only",
        )
    res = Resolution(s)
    misted = _misted(s, seat)
    if not _leaves(res, seat, here, dice):
        return _done(res)
    if not misted:
        _stop_hiding(res, seat, "forbidden_alchemy_story.hiding.move-ends")
    rule = (
        "forbidden_alchemy_story.hiding.mists-move"
        if misted
        else "forbidden_alchemy_story.move.step"
    )
    res.add(play.InvestigatorMoved(rule=rule, seat=seat, origin=here, to=space))
    room = board.room(s, space)
    if room != board.room(s, here):
        horror_checks(res, dice, room, [seat])
    return _done(res)


def _misted(s: Story, seat: str) -> bool:
    """Mists of Releh hides the investigator on the move this turn."""
    return s.misted == seat and s.investigators[seat].hidden


def _leaves(res: Resolution, seat: str, here: str, dice) -> bool:
    """Does he get out of `here` (a move, or an escape across the outer edge)?
    Under Mists of Releh he slips away; else he must evade its monsters."""
    return _misted(res.state, seat) or _evaded(res, seat, here, dice)


def _evaded(res: Resolution, seat: str, here: str, dice) -> bool:
    """Ours (the base game's evade): leaving a space with monsters, the investigator tests
    Dexterity against each, less its horror rating; a failure ends his movement and he
    suffers that monster's damage.  Under Mists of Releh he slips away unseen."""
    for monster in sorted(board.monsters_in_space(res.state, here)):
        s = res.state
        inv = s.investigators[seat]
        number = tested(res, seat, "dexterity", inv.attributes["dexterity"])
        number -= s.kinds[s.monsters[monster].kind].horror
        if not roll_test(
            res,
            dice,
            seat,
            "dexterity",
            number,
            ("forbidden_alchemy_story.move.evade.pass", "forbidden_alchemy_story.move.evade.fail"),
        ):
            res.add(
                play.EvadeFailed(
                    rule="forbidden_alchemy_story.move.evade.fail", seat=seat, monster=monster
                )
            )
            examine(res, monster, seat)
            harm(
                res,
                seat,
                "damage",
                s.tokens[monster]["damage"],
                "forbidden_alchemy_story.move.evade.damage",
            )
            return False
    return not res.over


def escape(s: Story, seat: str, dice) -> list:
    """Across the white outer edge of the room the objective says to escape from.

    "Other Rules > Escaping": the edge is crossed *instead of* a door, so escaping is a
    move like any other: leaving a space with a monster, the investigator must evade it
    first (`move.evade`, ours), and not evading he stays in the house, his movement over."""
    require_turn(s, seat)
    _require_move_point(s)
    win = s.revealed_win()
    if win.get("kind") != "escape":
        raise RuleViolation(
            "forbidden_alchemy_story.escape.objective",
            "the revealed objective does not call for an escape",
        )
    here = s.investigators[seat].space
    room = board.room(s, here)
    if room != win["room"] or here not in s.rooms[room]["edge"]:
        raise RuleViolation(
            "forbidden_alchemy_story.escape.edge",
            f"{here} has no outer edge of the {s.rooms[win['room']]['name']} to cross",
        )
    res = Resolution(s)
    if not _leaves(res, seat, here, dice):
        return _done(res)
    res.add(
        play.InvestigatorEscaped(
            rule="forbidden_alchemy_story.escape.cross", seat=seat, space=here, room=room
        )
    )
    if win["carrying"] in s.investigators[seat].items:
        name = s.items[win["carrying"]].name
        end_story(
            res,
            "investigators",
            f"{s.investigators[seat].name} escaped from the "
            f"{s.rooms[room]['name']} carrying the {name}",
            "forbidden_alchemy_story.objective.escape-win",
        )
    elif not res.state.active():
        end_story(
            res,
            "keeper",
            "no investigator is left in the house",
            "forbidden_alchemy_story.end.no-investigators",
        )
    return _done(res)


# ---- actions ---------------------------------------------------------------------------------
def run(s: Story, seat: str) -> list:
    require_action(s, seat)
    limited = run_beyond_limit(s, seat)
    if limited:
        raise RuleViolation(
            "forbidden_alchemy_story.side-effect.lasting",
            f"{limited} allows no more spaces this turn: running would exceed it",
        )
    return [play.InvestigatorRan(rule="forbidden_alchemy_story.action.run", seat=seat)]


def run_beyond_limit(s: Story, seat: str) -> str:
    """The title of a Side Effect card in play that limits `seat`'s spaces a turn, if one
    more space (what running buys) would take him past it; "" otherwise.  Ours: Leaden
    Limbs allows one space a turn, and the card's text counts every space, run or not."""
    for card, (_, limit) in lasting(s, seat, "moves"):
        if s.moved + s.moves + 1 > limit:
            return next((c[1] for c in s.alchemy.in_play if c[0] == card), card)
    return ""


def explore(s: Story, seat: str, dice) -> list:
    require_action(s, seat)
    room = board.room(s, s.investigators[seat].space)
    if not s.exploration.get(room):
        raise RuleViolation(
            "forbidden_alchemy_story.explore.empty",
            f"nothing is left to explore in the {s.rooms[room]['name']}",
        )
    res = Resolution(s)
    _take_top_card(res, seat, room, dice, "forbidden_alchemy_story.action.explore")
    return _done(res)


def _take_top_card(res: Resolution, seat: str, room: str, dice, rule: str) -> None:
    """The room's top Exploration card: an item or nothing is taken; a card asking
    for an Alchemy puzzle stays on the room and the puzzle is attempted at once."""
    s = res.state
    card = s.exploration[room][0]
    if s.items[card].obstacle:
        _obstacle(res, seat, room, card, dice)
        return
    puzzle = s.items[card].puzzle
    if not puzzle:
        res.add(play.ExplorationCardTaken(rule=rule, seat=seat, room=room, card=card))
        return
    res.add(
        play.AlchemyCardRevealed(
            rule="forbidden_alchemy_story.puzzle.exploration",
            seat=seat,
            room=room,
            card=card,
            tile=puzzle[0],
        )
    )
    _set_up_puzzle(res, seat, puzzle[0], dice, "forbidden_alchemy_story.puzzle.exploration")


def _obstacle(res: Resolution, seat: str, room: str, card: str, dice) -> None:
    """Ours: an Obstacle card on top of a room is cleared by its test; cleared, it is
    discarded and exploring goes on with the card beneath; not, it stays on top."""
    attribute = res.state.items[card].obstacle[0]
    inv = res.state.investigators[seat]
    number = tested(res, seat, attribute, inv.attributes[attribute])
    if not roll_test(
        res,
        dice,
        seat,
        attribute,
        number,
        (
            "forbidden_alchemy_story.obstacle.test.pass",
            "forbidden_alchemy_story.obstacle.test.fail",
        ),
    ):
        res.add(
            play.ObstacleHeld(
                rule="forbidden_alchemy_story.obstacle.held", seat=seat, room=room, card=card
            )
        )
        return
    res.add(
        play.ObstacleCleared(
            rule="forbidden_alchemy_story.obstacle.cleared", seat=seat, room=room, card=card
        )
    )
    if res.state.exploration.get(room):
        _take_top_card(res, seat, room, dice, "forbidden_alchemy_story.obstacle.continue")


def hide(s: Story, seat: str) -> list:
    require_action(s, seat)
    inv = s.investigators[seat]
    room = board.room(s, inv.space)
    if not s.rooms[room]["hiding"]:
        raise RuleViolation(
            "forbidden_alchemy_story.hiding.place",
            f"the {s.rooms[room]['name']} has no place to hide",
        )
    if inv.hidden:
        raise RuleViolation("forbidden_alchemy_story.hiding.already", f"{seat} is already hiding")
    return [play.InvestigatorHid(rule="forbidden_alchemy_story.hiding.hide", seat=seat)]


def use_item(s: Story, seat: str, item: str) -> list:
    require_action(s, seat)
    inv = s.investigators[seat]
    if item not in inv.items or not s.items[item].use:
        raise RuleViolation(
            "forbidden_alchemy_story.item.use", f"{seat} holds no item {item!r} that can be used"
        )
    effect, amount = s.items[item].use
    if effect == "discard-insanity-trauma":
        return _studies_on_hysteria(s, seat, item)
    if effect == "mists-of-releh":
        if not inv.hidden:
            raise RuleViolation(
                "forbidden_alchemy_story.hiding.mists",
                f"{seat} is not hiding: the Mists hide no one",
            )
        return [
            play.MistsOfRelehCast(rule="forbidden_alchemy_story.hiding.mists", seat=seat, spell=item)
        ]
    if effect == "dynamite":
        return _dynamite(s, seat, item, amount)
    if effect == "blood-pact":
        return _blood_pact(s, seat, item, amount)
    what = effect.removeprefix("recover-")
    suffered = inv.damage if what == "health" else inv.horror
    res = Resolution(s)
    res.add(play.ItemUsed(rule="forbidden_alchemy_story.action.use-item", seat=seat, item=item))
    if min(amount, suffered) > 0:
        res.add(
            play.InvestigatorRecovered(
                rule="forbidden_alchemy_story.item.recover",
                seat=seat,
                what=what,
                amount=min(amount, suffered),
            )
        )
    return res.facts


def _dynamite(s: Story, seat: str, item: str, amount: int) -> list:
    """Ours (Dynamite, R): each monster in the holder's space suffers `amount` damage,
    the holder one; the card is spent."""
    here = s.investigators[seat].space
    monsters = sorted(board.monsters_in_space(s, here))
    if not monsters:
        raise RuleViolation(
            "forbidden_alchemy_story.item.dynamite", f"no monster in {seat}'s space"
        )
    res = Resolution(s)
    _stop_hiding(res, seat, "forbidden_alchemy_story.hiding.attack-ends")
    res.add(play.ItemUsed(rule="forbidden_alchemy_story.item.dynamite", seat=seat, item=item))
    for monster in monsters:
        wound(res, monster, amount, "forbidden_alchemy_story.item.dynamite", seat)
    harm(res, seat, "damage", 1, "forbidden_alchemy_story.item.dynamite")
    return _done(res)


def _blood_pact(s: Story, seat: str, item: str, amount: int) -> list:
    """Ours (Blood Pact, R): the caster suffers one damage and is given back `amount`
    sanity (no more than lost); the spell is kept."""
    inv = s.investigators[seat]
    if not inv.horror:
        raise RuleViolation(
            "forbidden_alchemy_story.item.blood-pact", f"{seat} has suffered no horror"
        )
    res = Resolution(s)
    res.add(play.SpellCast(rule="forbidden_alchemy_story.item.blood-pact", seat=seat, spell=item))
    harm(res, seat, "damage", 1, "forbidden_alchemy_story.item.blood-pact")
    if res.state.investigators[seat].status == "active":
        res.add(
            play.InvestigatorRecovered(
                rule="forbidden_alchemy_story.item.blood-pact",
                seat=seat,
                what="sanity",
                amount=min(amount, inv.horror),
            )
        )
    return _done(res)


def insanity_traumas(s: Story, seat: str) -> list[str]:
    """The insanity Trauma cards in play on `seat`."""
    return sorted(
        card
        for card, on in s.trauma_in_play.items()
        if on == seat and s.trauma_cards[card]["kind"] == "insanity"
    )


def _studies_on_hysteria(s: Story, seat: str, item: str) -> list:
    found = insanity_traumas(s, seat)
    if not found:
        raise RuleViolation(
            "forbidden_alchemy_story.errata.studies-on-hysteria",
            f"{seat} has no insanity Trauma card in play",
        )
    return [
        play.ItemUsed(rule="forbidden_alchemy_story.action.use-item", seat=seat, item=item),
        play.TraumaDiscarded(
            rule="forbidden_alchemy_story.errata.studies-on-hysteria", card=found[0]
        ),
    ]


def weapon_of(s: Story, seat: str, item: str) -> str:
    if item == "none":
        return "no weapon"
    if item not in s.investigators[seat].items or not s.items[item].weapon:
        raise RuleViolation(
            "forbidden_alchemy_story.attack.weapon", f"{seat} holds no weapon {item!r}"
        )
    return s.items[item].weapon


def attack(s: Story, seat: str, monster: str, item: str, dice) -> list:
    require_action(s, seat)
    weapon = weapon_of(s, seat, item)
    m = s.monsters.get(monster)
    if m is None or m.space is None:
        raise RuleViolation(
            "forbidden_alchemy_story.attack.monster", f"no monster {monster!r} on the map"
        )
    here = s.investigators[seat].space
    if weapon == "firearm":
        if not board.line_of_sight(s, here, m.space):
            raise RuleViolation(
                "forbidden_alchemy_story.attack.line-of-sight", f"{monster} is not in line of sight"
            )
    elif m.space != here:
        rule = (
            "forbidden_alchemy_story.errata.attack-in-space"
            if item in ATTACK_IN_SPACE
            else "forbidden_alchemy_story.attack.reach"
        )
        raise RuleViolation(rule, f"{monster} is not in {seat}'s space")
    res = Resolution(s)
    _stop_hiding(res, seat, "forbidden_alchemy_story.hiding.attack-ends")
    res.add(
        play.AttackDeclared(
            rule="forbidden_alchemy_story.action.attack",
            seat=seat,
            monster=monster,
            item=item,
            weapon=weapon,
        )
    )
    draw_combat_card(res, dice, s.kinds[m.kind].deck, weapon)
    continue_attack(res, dice)
    return _done(res)


def end_turn(s: Story, seat: str) -> list:
    """The turn ends; a room on Fire burns, a Dark room frightens, whoever ends it
    there, hiding or not ("Hiding": still subject to the room's status effects)."""
    require_turn(s, seat)
    res = Resolution(s)
    inv = s.investigators[seat]
    if board.room(s, inv.space) in s.fire:
        rule = (
            "forbidden_alchemy_story.hiding.status-effects"
            if inv.hidden
            else "forbidden_alchemy_story.fire.burn"
        )
        harm(res, seat, "damage", 1, rule)
    if board.room(s, inv.space) in s.dark:
        rule = (
            "forbidden_alchemy_story.hiding.status-effects"
            if inv.hidden
            else "forbidden_alchemy_story.darkness.dread"
        )
        harm(res, seat, "horror", 1, rule)
    if not res.over and res.state.investigators[seat].status == "active":
        res.add(ev.TurnEnded(rule="forbidden_alchemy_story.turn.end", seat=seat))
    return _done(res)


# ---- Story 2: time travel and the Seeds ------------------------------------------------------
def travel(s: Story, seat: str, period: str) -> list:
    """Ours: in a rift room the action moves the Time Period marker to another card."""
    require_action(s, seat)
    room = board.room(s, s.investigators[seat].space)
    if not s.rooms[room].get("rift"):
        raise RuleViolation(
            "forbidden_alchemy_story.time.rift",
            f"the {s.rooms[room]['name']} is no place to travel in time from",
        )
    periods = dict(s.periods)
    if period not in periods or period == s.period:
        others = ", ".join(p for p in periods if p != s.period)
        raise RuleViolation(
            "forbidden_alchemy_story.time.period", f"travel to another Time Period card: {others}"
        )
    res = Resolution(s)
    res.add(
        play.TimeTravelled(
            rule="forbidden_alchemy_story.time.travel", seat=seat, origin=s.period, to=period
        )
    )
    win = s.revealed_win()
    if (
        win.get("kind") == "seeds"
        and s.seeds == (win["room"], win["planted"])
        and period == win["grown"]
    ):
        end_story(
            res,
            "investigators",
            f"the Seeds planted in the {s.rooms[win['room']]['name']} in "
            f"{periods[win['planted']]} have grown by {periods[period]}",
            "forbidden_alchemy_story.objective.seeds-win",
        )
    return _done(res)


def plant(s: Story, seat: str) -> list:
    """Ours: the Seeds' holder spends the action to plant them in the objective's room;
    the Seeds marker stays there, marked with the Time Period it was planted in."""
    require_action(s, seat)
    win = s.revealed_win()
    if win.get("kind") != "seeds":
        raise RuleViolation(
            "forbidden_alchemy_story.seeds.objective",
            "the revealed objective has no Seeds to plant",
        )
    inv = s.investigators[seat]
    if win["card"] not in inv.items:
        raise RuleViolation(
            "forbidden_alchemy_story.seeds.held", f"{inv.name} does not hold the Seeds"
        )
    room = board.room(s, inv.space)
    if room != win["room"]:
        raise RuleViolation(
            "forbidden_alchemy_story.seeds.room",
            f"the Seeds are planted in the {s.rooms[win['room']]['name']}",
        )
    return [
        play.SeedsPlanted(
            rule="forbidden_alchemy_story.seeds.plant",
            seat=seat,
            card=win["card"],
            room=room,
            period=s.period,
        )
    ]


# ---- answers ---------------------------------------------------------------------------------
def choose_attribute(s: Story, seat: str, attribute: str, dice) -> list:
    asked = waiting_for(s)
    if asked is None or (asked.seat, asked.kind) != (seat, "attribute"):
        raise RuleViolation(
            "forbidden_alchemy_story.tests.either-or", f"{seat} is not asked to choose an attribute"
        )
    if attribute not in asked.choices:
        raise RuleViolation(
            "forbidden_alchemy_story.tests.either-or",
            f"the card offers {' or '.join(asked.choices)}",
        )
    res = Resolution(s)
    res.add(
        play.AttributeChosen(
            rule="forbidden_alchemy_story.tests.either-or", seat=seat, attribute=attribute
        )
    )
    continue_attack(res, dice)
    return _done(res)


def pick_side_effect_target(s: Story, seat: str, target: str) -> list:
    """The drawer of a Side Effect card names the other investigator it acts on."""
    res = Resolution(s)
    side_effects.choose(res, seat, target)
    return _done(res)


def pick_tester(s: Story, seat: str, tester: str, dice) -> list:
    asked = waiting_for(s)
    if asked is None or (asked.seat, asked.kind) != (seat, "tester"):
        raise RuleViolation(
            "forbidden_alchemy_story.tests.multiple.other",
            f"{seat} is not asked to choose an investigator",
        )
    if tester not in asked.choices:
        raise RuleViolation(
            "forbidden_alchemy_story.tests.multiple.other",
            f"choose another investigator in your room: {', '.join(asked.choices)}",
        )
    res = Resolution(s)
    rule = (
        "forbidden_alchemy_story.hiding.chosen"
        if s.investigators[tester].hidden
        else "forbidden_alchemy_story.tests.multiple.other"
    )
    res.add(play.TesterChosen(rule=rule, seat=seat, tester=tester))
    continue_attack(res, dice)
    return _done(res)


def answer_byakhee(s: Story, seat: str, answer: str) -> list:
    if s.question is None or s.question.seat != seat:
        raise RuleViolation(
            "forbidden_alchemy_story.byakhee.answer", f"no byakhee question waits for {seat}"
        )
    if answer not in ("yes", "no"):
        raise RuleViolation("forbidden_alchemy_story.byakhee.answer", "answer yes or no")
    monster = s.question.monster
    token = s.tokens[monster]
    res = Resolution(s)
    # Only the result of the answer given is read out; the other stays on the token.
    res.add(
        play.ByakheeAnswered(
            rule="forbidden_alchemy_story.byakhee.answer",
            monster=monster,
            seat=seat,
            answer=answer,
            result=token[answer],
        )
    )
    effect, amount = token[answer + "_effect"]
    if effect == "damage" and amount > 0:
        # The byakhee deals damage ("Secrecy and Byakhees"): only the keeper examines its
        # token, and Darrell Simmins's Keen Eye looks too, as for any damage it deals.
        examine(res, monster, seat)
    harm(res, seat, effect, amount, "forbidden_alchemy_story.byakhee.result")
    return _done(res)


# ---- the Alchemy puzzle of the objective -----------------------------------------------------
def begin_puzzle(s: Story, seat: str, dice) -> list:
    """Story 1's errata: an investigator with the clue spends an action on the
    objective's Alchemy puzzle, set up as the puzzle game sets it up, from the
    pile of pieces as it now stands."""
    require_action(s, seat)
    win = s.revealed_win()
    if win.get("kind") != "puzzle":
        raise RuleViolation(
            "forbidden_alchemy_story.puzzle.objective",
            "the revealed objective has no Alchemy puzzle",
        )
    inv = s.investigators[seat]
    if win["clue"] not in inv.items:
        raise RuleViolation(
            "forbidden_alchemy_story.puzzle.clue",
            f"only an investigator with {s.items[win['clue']].name} may attempt it",
        )
    res = Resolution(s)
    _set_up_puzzle(res, seat, win["tile"], dice, "forbidden_alchemy_story.objective.puzzle-attempt")
    return res.facts


def _set_up_puzzle(res: Resolution, seat: str, tile_id: str, dice, rule: str) -> None:
    """The puzzle game's setup, from the pile of pieces as it now stands."""
    s = res.state
    inv = s.investigators[seat]
    tile = content.load().puzzle.tiles[tile_id]
    pile = dice.shuffled(s.alchemy.pile)
    res.add(
        play.PuzzleAttemptBegun(rule=rule, seat=seat, tile=tile.id),
        pev.SetupTilePlaced(
            rule="forbidden_alchemy_story.puzzle.setup.tile",
            tile=tile.id,
            edges=tile.edges,
            adjacent=tile.adjacent,
        ),
        pev.InvestigatorAttempting(
            rule="forbidden_alchemy_story.puzzle.setup.investigator",
            investigator=inv.id,
            name=inv.name,
            intellect=inv.attributes["intellect"],
            luck=inv.attributes["luck"],
            skill_points=inv.skill_points,
            investigators=len(s.investigators),
        ),
        pev.PuzzlePiecesShuffled(rule="forbidden_alchemy_story.puzzle.setup.shuffle", pile=pile),
    )
    res.add(
        *[
            pev.PuzzlePieceDealt(
                rule="forbidden_alchemy_story.puzzle.setup.deal",
                edge=edge,
                piece=piece,
                shape=shape,
            )
            for edge, (piece, shape) in enumerate(pile[: len(tile.edges)], 1)
        ]
    )
    res.add(
        pev.PuzzleActionsGranted(
            rule="forbidden_alchemy_story.puzzle.actions.intellect",
            actions=inv.attributes["intellect"],
        )
    )


def puzzle_step(s: Story, seat: str, command, ctx) -> list:
    """A puzzle action, decided by the puzzle game's own rules; when the test
    is made, the attempt ends and a pass wins the story."""
    if s.attempter != seat:
        raise RuleViolation(
            "forbidden_alchemy_story.puzzle.actions.phase",
            f"{seat} is not attempting an Alchemy puzzle",
        )
    try:
        facts = puzzle_rules.decide(s.alchemy, PUZZLE_SEAT, command, ctx)
    except RuleViolation as refused:
        raise RuleViolation(in_story(refused.rule), refused.reason) from None
    res = Resolution(s)
    source = s.puzzle_card
    for fact in facts:
        if (
            isinstance(fact, pev.PuzzlePiecesReturned)
            and source
            and not res.state.alchemy.completed
        ):
            # "Attempting an Alchemy Puzzle" (the example, step 4) and "Completing": after the
            # Side Effect card, the card that began the puzzle adds its own failure effects;
            # only then do the pieces go back under the pile.
            _card_puzzle_failed(res, seat, source[1])
        res.add(replace(fact, rule=in_story(fact.rule)))
        # The card acts as it is drawn, before it is kept or discarded; a
        # multi-investigator card drawn by a lone investigator is set aside unread.
        if isinstance(fact, pev.SideEffectDrawn) and not (
            fact.multi_investigator and len(s.investigators) == 1
        ):
            _side_effect_now(res, seat, fact.card)
    if res.state.alchemy.phase == PUZZLE_OVER:
        completed = bool(res.state.alchemy.completed)
        res.add(
            play.PuzzleAttemptEnded(
                rule="forbidden_alchemy_story.puzzle.end", seat=seat, completed=completed
            )
        )
        if source:
            _card_puzzle_done(res, seat, source, completed, ctx.dice)
        elif completed:
            end_story(
                res,
                "investigators",
                f"{s.investigators[seat].name} completed Alchemy Puzzle #{s.alchemy.tile}",
                "forbidden_alchemy_story.objective.puzzle-win",
            )
    side_effects.settle(res)
    return _done(res)


def _card_puzzle_done(res: Resolution, seat: str, source, completed: bool, dice) -> None:
    """The puzzle an Exploration card asked for: completed, the card is discarded
    and exploring goes on with the card beneath; failed, the card stays on the
    room (its own failure effects were applied before the pieces went back)."""
    room, card = source
    if completed:
        res.add(
            play.AlchemyCardCleared(
                rule="forbidden_alchemy_story.puzzle.card-pass", seat=seat, room=room, card=card
            )
        )
        if res.state.exploration.get(room):
            _take_top_card(res, seat, room, dice, "forbidden_alchemy_story.puzzle.card-continue")


def _card_puzzle_failed(res: Resolution, seat: str, card: str) -> None:
    """The failure effects the card that began the puzzle lists, after the Side Effect card."""
    for effect, amount in res.state.items[card].puzzle[1]:
        harm(res, seat, effect, amount, "forbidden_alchemy_story.puzzle.card-fail")


def _side_effect_now(res: Resolution, seat: str, card: str) -> None:
    """The Side Effect card just drawn takes effect at once (`side_effects.py`)."""
    side_effects.take_effect(res, seat, card)
