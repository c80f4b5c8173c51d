"""The teams' setup choices ("Setup", "Alternate Rule Set: Controlled
Chaos"): the relic draft, then heroes, their corners, their artifacts and
the two hazards, each in alternating team order, the starting team first.

`refusal` is the guard of every choice: `decide` raises what it gives, and
`candidates` (the choices open to a team, which `legal_commands` and a
random start both draw from) keeps what it lets through.
"""

from __future__ import annotations

from functools import cache

from engine.core.commands import Command
from engine.core.context import Context
from engine.core.errors import RuleViolation
from engine.core.events import Event

from . import content
from . import events as ev
from .board import (
    SETUP_HAZARDS,
    blocking,
    footprint_at,
    forward,
    occupants,
    open_for,
    parse,
    square_names,
    to_square,
)
from .commands import Draft, Equip, OpenStack, Pick, Place, PlaceHazard
from .phases import begin_turn
from .resolution import Resolution
from .state import (
    CHOOSE_ARTIFACTS,
    CHOOSE_HEROES,
    DRAFT,
    PLACE_HAZARDS,
    PLACE_HEROES,
    TEAMS,
    Battle,
    other,
)
from .turn import Refusal, not_yours

DRAFT_STACK = 8  # "Controlled Chaos": each team takes four cards of each type
PHASE = {OpenStack: DRAFT, Draft: DRAFT, Pick: CHOOSE_HEROES, Place: PLACE_HEROES,
         Equip: CHOOSE_ARTIFACTS, PlaceHazard: PLACE_HAZARDS}


# ---- whose choice ----------------------------------------------------------------------------
def chooser(state: Battle) -> str:
    """The team to make the next setup choice: alternating, the starting team first."""
    if state.phase == DRAFT:
        return draft_chooser(state)
    done = {
        CHOOSE_HEROES: len(state.heroes),
        PLACE_HEROES: sum(1 for h in state.heroes.values() if h.square),
        CHOOSE_ARTIFACTS: sum(1 for h in state.heroes.values() if h.artifact),
        PLACE_HAZARDS: sum(1 for h in state.hazards.values() if h.team),
    }[state.phase]
    return state.start_team if done % 2 == 0 else other(state.start_team)


def draft_chooser(state: Battle) -> str:
    """"Controlled Chaos": the stacks are led by the starting team, then the other,
    in turn; the leader opens a stack of its choice and takes its first card,
    then the teams alternate until the stack is empty."""
    done = len(content.RELIC_TYPES) - len(state.draft_stacks)
    leader = state.start_team if done % 2 == 0 else other(state.start_team)
    if not state.draft_open:
        return leader
    picks = DRAFT_STACK - len(state.draft_stacks[state.draft_open])
    return leader if picks % 2 == 0 else other(leader)


# ---- the guards ------------------------------------------------------------------------------------
def refusal(state: Battle, team: str, cmd: Command) -> Refusal | None:
    """Why `team` cannot make this setup choice now (None: it can)."""
    return _turn_refusal(state, team, type(cmd)) or CHECKS[type(cmd)](state, team, cmd)


def _turn_refusal(state: Battle, team: str, kind: type) -> Refusal | None:
    if state.phase != PHASE[kind]:
        return Refusal("brutality.setup.order",
                       f"that choice is not made now (now: {state.phase})")
    if team != chooser(state):
        return Refusal("brutality.setup.order", f"it is {chooser(state)}'s choice now")
    return None


def _open_stack(state: Battle, team: str, cmd: OpenStack) -> Refusal | None:
    if state.draft_open:
        return Refusal("brutality.draft.order", f"the {state.draft_open} stack is being drafted")
    if cmd.relic_type not in state.draft_stacks:
        return Refusal("brutality.draft.open", f"no undrafted stack {cmd.relic_type!r} "
                       f"(left: {', '.join(sorted(state.draft_stacks))})")
    return None


def _draft(state: Battle, team: str, cmd: Draft) -> Refusal | None:
    if not state.draft_open:
        return Refusal("brutality.draft.order", "open a stack first")
    if cmd.card not in state.draft_stacks[state.draft_open]:
        return Refusal("brutality.draft.pick", f"{cmd.card!r} is not in the open stack")
    return None


def _pick(state: Battle, team: str, cmd: Pick) -> Refusal | None:
    if cmd.hero not in state.sheets:
        return Refusal("brutality.setup.heroes", f"no hero {cmd.hero!r} "
                       f"(have: {', '.join(sorted(state.sheets))})")
    if cmd.hero in state.heroes:
        return Refusal("brutality.setup.hero-taken", f"{cmd.hero} is already on a team")
    return None


def _own_hero(state: Battle, team: str, hero: str) -> Refusal | None:
    h = state.heroes.get(hero)
    if h is None or h.team != team:
        return Refusal("brutality.setup.own-hero", not_yours(state, team, hero))
    return None


def corner_anchor(state: Battle, hero, corner: str) -> str | None:
    """Where the miniature's leftmost space goes to cover `corner`: a two-space
    hero on a right-hand corner (by the edge or by icicles) starts one space
    further left."""
    sq = parse(state, corner)
    for dx in (0, -1):
        if sq.col + dx < 0:
            continue
        anchor = type(sq)(sq.col + dx, sq.row)
        spots = footprint_at(state, hero, anchor)
        if spots and corner in spots and not any(blocking(state, sq) for sq in spots):
            return str(anchor)
    return None


def _place(state: Battle, team: str, cmd: Place) -> Refusal | None:
    refusal = _own_hero(state, team, cmd.hero)
    if refusal:
        return refusal
    h = state.heroes[cmd.hero]
    if h.square:
        return Refusal("brutality.setup.place", f"{cmd.hero} is already on the board")
    if cmd.square not in state.board["starts"][team]:
        return Refusal("brutality.setup.place", f"{cmd.square} is not a starting corner of "
                       f"{team}'s edge ({', '.join(state.board['starts'][team])})")
    anchor = corner_anchor(state, h, cmd.square)
    if anchor is None or not open_for(state, h, footprint_at(state, h, parse(state, anchor))):
        return Refusal("brutality.setup.place", f"corner {cmd.square} is not empty")
    return None


def _equip(state: Battle, team: str, cmd: Equip) -> Refusal | None:
    refusal = _own_hero(state, team, cmd.hero)
    if refusal:
        return refusal
    if state.heroes[cmd.hero].artifact:
        return Refusal("brutality.setup.artifacts", f"{cmd.hero} already has an artifact")
    if cmd.artifact not in state.artifact_cards:
        return Refusal("brutality.setup.artifacts", f"no artifact {cmd.artifact!r}")
    if any(x.artifact == cmd.artifact for x in state.heroes.values()):
        return Refusal("brutality.setup.artifact-taken", f"{cmd.artifact} is already taken")
    return None


def starting_rows(state: Battle) -> frozenset[int]:
    """The rows of both teams' starting corners (no hazard goes there)."""
    return _rows(tuple(sq for corners in state.board["starts"].values() for sq in corners))


@cache
def _rows(corners: tuple[str, ...]) -> frozenset[int]:
    return frozenset(to_square(sq).row for sq in corners)


def _place_hazard(state: Battle, team: str, cmd: PlaceHazard) -> Refusal | None:
    if cmd.kind not in SETUP_HAZARDS:
        return Refusal("brutality.setup.hazards", f"no hazard {cmd.kind!r} to place "
                       f"(have: {', '.join(SETUP_HAZARDS)})")
    sq = parse(state, cmd.square)
    if sq is None:
        return Refusal("brutality.setup.hazards",
                       f"{cmd.square!r} is not a space of this board")
    if sq.row in starting_rows(state):
        return Refusal("brutality.setup.hazards", "no hazard goes in either starting row")
    if cmd.square in state.hazards:
        return Refusal("brutality.hazard.no-stacking", f"{cmd.square} already has a hazard")
    if cmd.square in occupants(state):
        return Refusal("brutality.setup.hazards", f"{cmd.square} is not empty")
    return None


CHECKS = {OpenStack: _open_stack, Draft: _draft, Pick: _pick, Place: _place, Equip: _equip,
          PlaceHazard: _place_hazard}


def candidates(state: Battle, team: str) -> list[Command]:
    """Every setup choice `team` may make now."""
    kind = next((k for k, phase in PHASE.items() if phase == state.phase), None)
    if kind is None or _turn_refusal(state, team, kind):
        return []
    mine = state.team_heroes(team)
    universe: list[Command]
    if state.phase == DRAFT:
        universe = [*(OpenStack(t) for t in sorted(state.draft_stacks)),
                    *(Draft(c) for c in sorted(set(state.draft_stacks.get(state.draft_open, ()))))]
    elif state.phase == CHOOSE_HEROES:
        universe = [Pick(h) for h in sorted(state.sheets)]
    elif state.phase == PLACE_HEROES:
        universe = [Place(h.id, corner) for h in mine for corner in state.board["starts"][team]]
    elif state.phase == CHOOSE_ARTIFACTS:
        universe = [Equip(h.id, a) for h in mine for a in sorted(state.artifact_cards)]
    else:
        universe = [PlaceHazard(k, sq) for k in SETUP_HAZARDS
                    for sq in square_names(state.board["width"], state.board["height"])]
    return [c for c in universe if CHECKS[type(c)](state, team, c) is None]


# ---- the choices' facts ----------------------------------------------------------------------------
def choose(state: Battle, team: str, cmd: Command, ctx: Context) -> list[Event]:
    """The facts of a setup choice (refused if it breaks a rule)."""
    why = refusal(state, team, cmd)
    if why:
        raise why.error()
    match cmd:
        case OpenStack(relic_type):
            return [ev.DraftStackOpened(rule="brutality.draft.open", team=team,
                                        relic_type=relic_type,
                                        cards=state.draft_stacks[relic_type])]
        case Draft(card):
            return _drafted(state, team, card, ctx.dice)
        case Pick(hero):
            return [ev.HeroChosen(rule="brutality.setup.heroes", team=team, hero=hero),
                    ev.HealthSet(rule="brutality.setup.health", hero=hero,
                                 health=state.sheets[hero]["health"])]
        case Place(hero, square):
            anchor = corner_anchor(state, state.heroes[hero], square)
            return [ev.HeroPlaced(rule="brutality.setup.place", hero=hero, square=anchor,
                                  facing=forward(team))]
        case Equip(hero, artifact):
            return [ev.ArtifactChosen(rule="brutality.setup.artifacts", hero=hero,
                                      artifact=artifact)]
        case PlaceHazard(kind, square):
            return _hazard_placed(state, team, kind, square, ctx)
    raise RuleViolation("core.notation", f"{cmd.verb!r} is no setup choice")


def _drafted(state: Battle, team: str, card: str, dice) -> list[Event]:
    facts: list[Event] = [ev.RelicDrafted(rule="brutality.draft.pick", team=team, card=card)]
    last = len(state.draft_stacks) == 1 and len(state.draft_stacks[state.draft_open]) == 1
    if last:  # each team shuffles the deck it drafted
        drafted = {t: state.drafted.get(t, ()) for t in TEAMS}
        drafted[team] += (card,)
        facts += [ev.RelicDeckShuffled(rule="brutality.draft.decks", pile=t,
                                       order=tuple(dice.shuffled(sorted(drafted[t]))))
                  for t in TEAMS]
    return facts


def _hazard_placed(state: Battle, team: str, kind: str, square: str,
                   ctx: Context) -> list[Event]:
    """Placing the second hazard ends the setup: the starting team's first turn begins."""
    res = Resolution(state)
    res.add(ev.HazardPlaced(rule="brutality.setup.hazards", kind=kind, square=square, team=team,
                            owner="", tokens=0))
    if sum(1 for h in res.state.hazards.values() if h.team) == 2:
        begin_turn(res, res.state.start_team, 1, ctx.dice)
    return res.facts
