"""What a seat may do now, and the question it is asked.

`legal_commands` lists candidate commands for the question pending (the
#1 story choice, a byakhee's question, a Side Effect card's target, an
attack's either/or or tester, an Alchemy puzzle, a turn) and keeps those
that the very guards `decide` calls accept: it restates no rule.  The
candidates are broad (every investigator, monster, space or card a command
could name); the guards judge.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from engine.core.context import SYSTEM
from engine.core.errors import RuleViolation
from engine.core.prompts import Prompt
from engine.games.forbidden_alchemy import legal as puzzle_legal
from engine.games.forbidden_alchemy.state import SEAT as PUZZLE_SEAT
from engine.kit.memo import StateMemo

from . import board, content
from .actions import (
    check_attack,
    check_end_turn,
    check_hide,
    check_plant,
    check_rift,
    check_run,
    check_travel,
    check_use_item,
    check_weapon,
)
from .combat import ANSWERS, check_answer, check_choose_attribute, check_pick_tester, waiting_for
from .commands import (
    Answer,
    Attack,
    AttemptPuzzle,
    Choose,
    ChooseAttribute,
    Command,
    End,
    Escape,
    Explore,
    Hide,
    KeeperAction,
    MonsterAttack,
    Move,
    Pick,
    Place,
    Plant,
    PlayMythos,
    PlayTrauma,
    Run,
    Travel,
    UseItem,
    UseThreatEffect,
)
from .event_cards import check_end_turn as check_keeper_end
from .event_cards import check_place, check_placing
from .exploration import check_begin_puzzle, check_explore
from .keeper import (
    ESCAPE,
    check_action_card,
    check_action_targets,
    check_attacker,
    check_choose,
    check_monster_attack,
    check_screecher,
    check_summoned,
    require_keeper_turn,
    target_in_house,
)
from .keeper_cards import (
    check_mythos_card,
    check_mythos_targets,
    check_play_trauma,
    check_threat_effect,
    check_trauma_card,
    threat_cards,
)
from .movement import check_escape, check_move
from .pieces import ACTIVE, CHOOSE, INVESTIGATORS, KEEPER, KEEPER_SEAT, OVER, Story
from .resolve import require_action, require_turn
from .rules import to_act
from .side_effects import check_pick_target

MEMO = StateMemo()


def allowed(guard: Callable[..., object], *args) -> bool:
    """Does the guard accept these arguments?"""
    try:
        guard(*args)
    except RuleViolation:
        return False
    return True


def legal_commands(s: Story, seat: str) -> list[Command]:
    """Kept with the state (the kit's `StateMemo`): prompts, bots and the play page ask
    one position again and again."""
    memo = MEMO.values(s)
    key = "legal:" + seat
    if key not in memo:
        found = _candidates(s, seat) if seat in to_act(s) and seat != SYSTEM else []
        memo[key] = sorted(found, key=lambda c: c.notation())
    return list(memo[key])


def _candidates(s: Story, seat: str) -> list[Command]:
    """The commands of the question pending, as `to_act` finds it, that its guards accept."""
    if s.phase == CHOOSE:
        return [Choose(c) for c in s.objectives if allowed(check_choose, s, c)]
    if s.question is not None:
        return [Answer(a) for a in ANSWERS if allowed(check_answer, s, seat, a)]
    if s.choosing:
        return [Pick(x) for x in s.investigators if allowed(check_pick_target, s, seat, x)]
    asked = waiting_for(s)
    if asked is not None:
        if asked.kind == "attribute":
            return [
                ChooseAttribute(a)
                for a in asked.choices
                if allowed(check_choose_attribute, s, seat, a)
            ]
        return [Pick(x) for x in s.investigators if allowed(check_pick_tester, s, seat, x)]
    if s.attempter:
        return list(puzzle_legal.legal_commands(s.alchemy, PUZZLE_SEAT))
    if s.phase == INVESTIGATORS and _turn_begun(s, seat):
        return list(_investigator_commands(s, seat))
    if s.phase == KEEPER and seat == KEEPER_SEAT:
        return keeper_commands(s)
    return []  # between two facts of one command (a replay step): the next turn has not begun


def _turn_begun(s: Story, seat: str) -> bool:
    inv = s.investigators.get(seat)
    return inv is not None and inv.status == ACTIVE and s.begun == seat == s.current


# ---- an investigator's turn ------------------------------------------------------------------
def _investigator_commands(s: Story, seat: str) -> Iterator[Command]:
    me = s.investigators[seat]
    if not allowed(require_turn, s, seat):
        return
    yield from _passing(s, seat, (End(), check_end_turn), (Escape(), check_escape))
    yield from (Move(x) for x in board.links_from(s, me.space) if allowed(check_move, s, seat, x))
    if not allowed(require_action, s, seat):  # the turn's action is spent: only moving is left
        return
    yield from _passing(
        s,
        seat,
        (Run(), check_run),
        (Explore(), check_explore),
        (Hide(), check_hide),
        (AttemptPuzzle(), check_begin_puzzle),
        (Plant(), check_plant),
    )
    items = sorted(set(me.items))
    yield from (UseItem(i) for i in items if allowed(check_use_item, s, seat, i))
    on_map = sorted(m.id for m in s.on_map())  # the figures an attack could name
    for item in (*items, "none"):
        if allowed(check_weapon, s, seat, item):
            yield from (Attack(m, item) for m in on_map if allowed(check_attack, s, seat, m, item))
    if allowed(check_rift, s, seat):
        yield from (Travel(p) for p, _ in s.periods if allowed(check_travel, s, seat, p))


def _passing(s: Story, seat: str, *offers: tuple[Command, Callable]) -> Iterator[Command]:
    """Each command whose guard (taking the state and the seat) accepts it."""
    return (command for command, guard in offers if allowed(guard, s, seat))


# ---- the keeper's turn -----------------------------------------------------------------------
def keeper_commands(s: Story) -> list[Command]:
    """The keeper's commands now (the system keeper chooses among them too).  Each guard
    judging a card or a monster on its own (the card in hand and affordable, the monster
    free to attack) is asked first, then the guard of what the command names."""
    seats = sorted(s.investigators)
    if allowed(check_placing, s):  # a named monster waits: only placing it may be done
        return [Place(x) for x in sorted(s.room_of) if allowed(check_place, s, x)]
    if not allowed(require_keeper_turn, s):
        return []
    found: list[Command] = [End()] if allowed(check_keeper_end, s) else []
    for card, action in s.actions.items():
        if allowed(check_action_card, s, card):
            found += [
                KeeperAction(card, t)
                for t in _action_targets(s, action.effect, seats)
                if allowed(check_action_targets, s, card, t)
            ]
    for m in sorted(m.id for m in s.on_map()):
        if allowed(check_attacker, s, m):
            found += [
                MonsterAttack(m, seat)
                for seat in seats
                if allowed(check_monster_attack, s, m, seat)
            ]
    for card in sorted(set(s.hand)):
        if allowed(check_trauma_card, s, card):
            found += [
                PlayTrauma(card, seat)
                for seat in seats
                if allowed(check_play_trauma, s, card, seat)
            ]
    for card in sorted(set(s.mythos_hand)):
        if allowed(check_mythos_card, s, card):
            found += [
                PlayMythos(card, targets)
                for targets in _mythos_targets(s, card, seats)
                if allowed(check_mythos_targets, s, card, targets)
            ]
    found += [UseThreatEffect(c) for c in threat_cards(s) if allowed(check_threat_effect, s, c)]
    return found


def _mythos_targets(s: Story, card: str, seats: list[str]) -> list[tuple[str, ...]]:
    """An investigator in the house, and for a card whose failure moves him (Wrong Turn)
    a space too, of those its guard looks among (the Hallways left empty)."""
    moves = s.mythos_cards[card]["fail"][0] == "wrong-turn"
    spaces = board.empty_hallway_spaces(s) if moves else ()
    return [
        (seat, *space)
        for seat in seats
        if allowed(target_in_house, s, seat)
        for space in [(), *((x,) for x in spaces)]
    ]


def _action_targets(s: Story, effect: str, seats: list[str]) -> list[tuple[str, ...]]:
    """What a Keeper Action card of this effect could name: its guard judges."""
    if effect == "move-monster":
        return [(m, *path) for m in sorted(s.monsters) for path in _paths(s, m)]
    if effect in ("fire", "darkness"):
        return [(room,) for room in s.rooms]
    if effect == "summon":
        waiting = [m for m in sorted(s.monsters) if allowed(check_summoned, s, m)]
        return [(m, x) for m in waiting for x in sorted(s.room_of)]
    if effect == "special-attack":
        byakhees = [m for m in sorted(s.monsters) if allowed(check_screecher, s, m)]
        return [(m, seat) for m in byakhees for seat in seats]
    if effect == "mutate":  # an investigator, a monster or a corpse
        return [(x,) for x in (*seats, *sorted(s.monsters))]
    return [(seat,) for seat in seats]


def _paths(s: Story, monster: str) -> list[tuple[str, ...]]:
    """Every walk along the map's links of one to the monster's reach in spaces,
    each also ending across the outer edge (`ESCAPE`) while within its reach."""
    m = s.monsters[monster]
    if m.space is None:
        return []
    found: list[tuple[str, ...]] = []
    frontier: list[tuple[str, ...]] = [()]
    for _ in range(m.moves):
        found += [(*path, ESCAPE) for path in frontier]
        frontier = [
            (*path, x)
            for path in frontier
            for x in board.links_from(s, path[-1] if path else m.space)
        ]
        found += frontier
    return found


# ---- the question asked ----------------------------------------------------------------------
def prompts(s: Story) -> tuple[Prompt, ...]:
    """The question pending, asked in the game's words (the play page shows it above
    the choices, which are spaces, figures and cards of the picture)."""
    if s.phase == OVER:
        return ()
    seat = to_act(s)[0]
    if seat == SYSTEM:
        return ()
    choices = tuple(c.notation() for c in legal_commands(s, seat))
    if s.phase == CHOOSE:
        text = "Which objective will the story be played with? (the #1 story choice, secret until revealed)"
        return (Prompt(seat, text, "forbidden_alchemy_story.choice.make", choices),)
    if s.placing:
        monster = s.monsters[s.placing[0]]
        text = f"Where do you place {monster.name or monster.id}? A space of a room holding an investigator."
        return (Prompt(seat, text, "forbidden_alchemy_story.errata.pet", choices),)
    if s.choosing:
        text = f"Whom does your Side Effect card {_side_effect_title(s, s.choosing[1])} act on?"
        return (Prompt(seat, text, "forbidden_alchemy_story.side-effect.choose", choices),)
    if s.question is not None:
        name = s.investigators[s.question.seat].name
        question = f"{s.question.monster} asks {name}: {s.question.text} Yes or no?"
        return (Prompt(seat, question, "forbidden_alchemy_story.byakhee.question", choices),)
    asked = waiting_for(s)
    if asked is None:
        return ()
    if asked.kind == "attribute":
        text = f"Which do you test: {' or '.join(a.capitalize() for a in asked.choices)}?"
        return (Prompt(seat, text, "forbidden_alchemy_story.tests.either-or", choices),)
    what = s.attack.attack["tests"][len(s.attack.results)]["test"]
    text = f"Who in your room tests {what.capitalize()}?"
    return (Prompt(seat, text, "forbidden_alchemy_story.tests.multiple.other", choices),)


def _side_effect_title(s: Story, card: str) -> str:
    """A Side Effect card's title: as drawn (a card in play or being resolved), else as
    the puzzle's content prints it (a card discarded once it acted)."""
    for c in (*s.alchemy.in_play, *((s.alchemy.drawn,) if s.alchemy.drawn else ())):
        if c and c[0] == card:
            return f"{c[1]} ({card})"
    printed = {c.id: c.title for c in content.load().puzzle.side_effects}
    return f"{printed[card]} ({card})" if card in printed else card
