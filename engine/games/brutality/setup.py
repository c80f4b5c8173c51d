"""Options and set-up ("Setup"): the board, the content in play, the starting
team, the relic deck, then the teams' alternating choices.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from engine.core.errors import BadOptions, RuleViolation
from engine.core.events import Event

from . import content
from . import events as ev
from .board import (
    SETUP_HAZARDS,
    blocking,
    board_grid,
    footprint_at,
    forward,
    occupants,
    open_for,
    parse,
)
from .commands import Draft, Equip, OpenStack, Pick, Place, PlaceHazard
from .state import (
    CHOOSE_ARTIFACTS,
    CHOOSE_HEROES,
    DRAFT,
    PLACE_HAZARDS,
    PLACE_HEROES,
    SHARED,
    TEAMS,
    Battle,
    other,
)

# Setup options: where the rulebook is silent and players could reasonably
# disagree, the reading is an option (defaults first; see rulebook.py).
OPTIONS = {
    "board": tuple(sorted(content.boards())),
    "relics": ("deck", "draft"),             # draft: "Alternate Rule Set: Controlled Chaos"
    "first_turn_bonus": ("starting", "both"),
    "tank_in_chain": ("blocks", "pushed"),
    "start": ("choose", "random"),          # random: every setup choice drawn by the dice
}
DEFAULTS = {"board": "standard", "relics": "deck", "first_turn_bonus": "starting",
            "tank_in_chain": "blocks", "start": "choose"}


def options(players: int | None, raw: dict[str, str]) -> dict[str, Any]:
    """`board` (standard / ice-pit), `relics` (deck / draft), `first_turn_bonus`
    (starting / both), `tank_in_chain` (blocks / pushed), `start` (choose /
    random: the setup choices drawn at random, for demos and quick games)."""
    unknown = sorted(set(raw) - set(OPTIONS))
    if unknown:
        raise BadOptions(f"unknown option {unknown[0]!r} for brutality "
                         f"(known: {', '.join(sorted(OPTIONS))})")
    if players not in (None, 2, 4):
        raise BadOptions(f"--players: two teams of one player (2) or of two (4), not {players}")
    chosen = {**DEFAULTS, **raw}
    for key, value in chosen.items():
        if value not in OPTIONS[key]:
            raise BadOptions(f"option {key}={value!r}: one of {', '.join(OPTIONS[key])}")
    return {**chosen, "players": players or 2}


def seats(opts: dict[str, Any]) -> tuple[str, ...]:
    """A seat per team, or with four players one per hero ("north-1", "north-2", ...)."""
    if opts.get("players", 2) == 4:
        return tuple(f"{team}-{n}" for team in TEAMS for n in (1, 2))
    return TEAMS


def setup(opts: dict[str, Any], dice) -> list[Event]:
    facts = _setup_facts(opts, dice)
    if opts.get("start") == "random":
        facts += _random_choices(facts, dice)
    return facts


def _random_choices(facts: list[Event], dice) -> list[Event]:
    """Every setup choice made at random, team by team as the rules ask, up to
    the first turn (not in the rulebook: a quick start for demos and tests)."""
    from .rules import decide, legal_commands  # the setup choices' own rules
    from .state import evolve, initial_state

    ctx = SimpleNamespace(dice=dice)  # all a setup choice reads: the dice of a draft's end
    state = initial_state()
    for fact in facts:
        state = evolve(state, fact)
    chosen: list[Event] = []
    while state.phase in (DRAFT, CHOOSE_HEROES, PLACE_HEROES, CHOOSE_ARTIFACTS, PLACE_HAZARDS):
        team = chooser(state)
        command = dice.choice(legal_commands(state, team))
        for fact in decide(state, team, command, ctx):
            chosen.append(fact)
            state = evolve(state, fact)
    return chosen


def _setup_facts(opts: dict[str, Any], dice) -> list[Event]:
    board = content.boards()[opts["board"]]
    relics = content.relics()
    return [
        ev.GameConfigured(rule="brutality.setup.options", options=dict(opts)),
        ev.BoardLaidOut(rule=("brutality.board.ice-pit" if opts["board"] == "ice-pit"
                              else "brutality.setup.board"),
                        board=opts["board"], name=board["name"], width=board["width"],
                        height=board["height"], icicles=tuple(board["icicles"]),
                        starts={t: tuple(s) for t, s in board["starts"].items()}),
        ev.HeroSheetsListed(rule="brutality.setup.content", heroes=content.heroes()),
        ev.ArtifactsListed(rule="brutality.setup.content", artifacts=content.artifacts()),
        ev.RelicsListed(rule="brutality.setup.content", relics=relics),
        ev.StartingTeamChosen(rule="brutality.setup.start-team", team=dice.choice(TEAMS)),
        _draft_stacks(relics, dice) if opts["relics"] == "draft" else
        ev.RelicDeckShuffled(rule="brutality.setup.relic-deck", pile=SHARED,
                             order=tuple(dice.shuffled(content.relic_cards(relics)))),
    ]


DRAFT_STACK = 8  # "Controlled Chaos": each team takes four cards of each type


def _draft_stacks(relics: dict, dice) -> ev.DraftStacksDealt:
    """Four face-down stacks of random cards, one per relic type; the rest go
    back in the box."""
    cards = content.relic_cards(relics)
    stacks = {}
    for kind in content.RELIC_TYPES:
        of_kind = [c for c in cards if relics[content.relic_of(c)]["type"] == kind]
        stacks[kind] = tuple(dice.shuffled(of_kind))[:DRAFT_STACK]
    return ev.DraftStacksDealt(rule="brutality.draft.stacks", stacks=stacks)


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


def open_stack(state: Battle, seat: str, cmd: OpenStack) -> list[Event]:
    _require_chooser(state, seat)
    if state.draft_open:
        raise RuleViolation("brutality.draft.order", f"the {state.draft_open} stack is being drafted")
    if cmd.relic_type not in state.draft_stacks:
        raise RuleViolation("brutality.draft.open", f"no undrafted stack {cmd.relic_type!r} "
                            f"(left: {', '.join(sorted(state.draft_stacks))})")
    return [ev.DraftStackOpened(rule="brutality.draft.open", team=seat, relic_type=cmd.relic_type,
                                cards=state.draft_stacks[cmd.relic_type])]


def draft(state: Battle, seat: str, cmd: Draft, dice) -> list[Event]:
    _require_chooser(state, seat)
    if not state.draft_open:
        raise RuleViolation("brutality.draft.order", "open a stack first")
    if cmd.card not in state.draft_stacks[state.draft_open]:
        raise RuleViolation("brutality.draft.pick", f"{cmd.card!r} is not in the open stack")
    facts: list[Event] = [ev.RelicDrafted(rule="brutality.draft.pick", team=seat, card=cmd.card)]
    last = len(state.draft_stacks) == 1 and len(state.draft_stacks[state.draft_open]) == 1
    if last:  # each team shuffles the deck it drafted
        drafted = {t: state.drafted.get(t, ()) for t in TEAMS}
        drafted[seat] += (cmd.card,)
        facts += [ev.RelicDeckShuffled(rule="brutality.draft.decks", pile=t,
                                       order=tuple(dice.shuffled(sorted(drafted[t]))))
                  for t in TEAMS]
    return facts


def _require_chooser(state: Battle, seat: str) -> None:
    if seat != chooser(state):
        raise RuleViolation("brutality.setup.order", f"it is {chooser(state)}'s choice now")


def _own_hero(state: Battle, seat: str, hero: str):
    h = state.heroes.get(hero)
    if h is None or h.team != seat:
        raise RuleViolation("brutality.setup.own-hero", f"{hero!r} is not a hero of team {seat}")
    return h


# ---- the choices ---------------------------------------------------------------------------------
def pick(state: Battle, seat: str, cmd: Pick) -> list[Event]:
    _require_chooser(state, seat)
    if cmd.hero not in state.sheets:
        raise RuleViolation("brutality.setup.heroes", f"no hero {cmd.hero!r} "
                            f"(have: {', '.join(sorted(state.sheets))})")
    if cmd.hero in state.heroes:
        raise RuleViolation("brutality.setup.hero-taken", f"{cmd.hero} is already on a team")
    return [ev.HeroChosen(rule="brutality.setup.heroes", team=seat, hero=cmd.hero),
            ev.HealthSet(rule="brutality.setup.health", hero=cmd.hero,
                         health=state.sheets[cmd.hero]["health"])]


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


def place(state: Battle, seat: str, cmd: Place) -> list[Event]:
    _require_chooser(state, seat)
    h = _own_hero(state, seat, cmd.hero)
    if h.square:
        raise RuleViolation("brutality.setup.place", f"{cmd.hero} is already on the board")
    if cmd.square not in state.board["starts"][seat]:
        raise RuleViolation("brutality.setup.place", f"{cmd.square} is not a starting corner of "
                            f"{seat}'s edge ({', '.join(state.board['starts'][seat])})")
    anchor = corner_anchor(state, h, cmd.square)
    spots = footprint_at(state, h, parse(state, anchor))
    if not open_for(state, h, spots):
        raise RuleViolation("brutality.setup.place", f"corner {cmd.square} is not empty")
    return [ev.HeroPlaced(rule="brutality.setup.place", hero=cmd.hero, square=anchor,
                          facing=forward(seat))]


def equip(state: Battle, seat: str, cmd: Equip) -> list[Event]:
    _require_chooser(state, seat)
    h = _own_hero(state, seat, cmd.hero)
    if h.artifact:
        raise RuleViolation("brutality.setup.artifacts", f"{cmd.hero} already has an artifact")
    if cmd.artifact not in state.artifact_cards:
        raise RuleViolation("brutality.setup.artifacts", f"no artifact {cmd.artifact!r}")
    if any(x.artifact == cmd.artifact for x in state.heroes.values()):
        raise RuleViolation("brutality.setup.artifact-taken", f"{cmd.artifact} is already taken")
    return [ev.ArtifactChosen(rule="brutality.setup.artifacts", hero=cmd.hero, artifact=cmd.artifact)]


def starting_rows(state: Battle) -> set[int]:
    return {parse(state, sq).row for corners in state.board["starts"].values() for sq in corners}


def hazard_spaces(state: Battle) -> list[str]:
    """Empty spaces outside both starting rows ("Place Hazards")."""
    rows, taken = starting_rows(state), occupants(state)
    return [str(sq) for sq in board_grid(state) if sq.row not in rows
            and str(sq) not in taken and str(sq) not in state.hazards]


def place_hazard(state: Battle, seat: str, cmd: PlaceHazard) -> list[Event]:
    _require_chooser(state, seat)
    if cmd.kind not in SETUP_HAZARDS:
        raise RuleViolation("brutality.setup.hazards", f"no hazard {cmd.kind!r} to place "
                            f"(have: {', '.join(SETUP_HAZARDS)})")
    sq = parse(state, cmd.square)
    if sq is None:
        raise RuleViolation("brutality.setup.hazards", f"{cmd.square!r} is not a space of this board")
    if sq.row in starting_rows(state):
        raise RuleViolation("brutality.setup.hazards", "no hazard goes in either starting row")
    if cmd.square in state.hazards:
        raise RuleViolation("brutality.hazard.no-stacking", f"{cmd.square} already has a hazard")
    if cmd.square in occupants(state):
        raise RuleViolation("brutality.setup.hazards", f"{cmd.square} is not empty")
    return [ev.HazardPlaced(rule="brutality.setup.hazards", kind=cmd.kind, square=cmd.square, team=seat,
                            owner="", tokens=0)]


def setup_commands(state: Battle, seat: str) -> list:
    """Every choice `seat` may make now in the setup phase."""
    if seat != chooser(state):
        return []
    if state.phase == DRAFT:
        if not state.draft_open:
            return [OpenStack(t) for t in sorted(state.draft_stacks)]
        return [Draft(c) for c in sorted(set(state.draft_stacks[state.draft_open]))]
    mine = state.team_heroes(seat)
    if state.phase == CHOOSE_HEROES:
        return [Pick(h) for h in sorted(state.sheets) if h not in state.heroes]
    if state.phase == PLACE_HEROES:
        found = []
        for h in mine:
            if h.square:
                continue
            for corner in state.board["starts"][seat]:
                anchor = corner_anchor(state, h, corner)
                spots = anchor and footprint_at(state, h, parse(state, anchor))
                if spots and open_for(state, h, spots):
                    found.append(Place(h.id, corner))
        return found
    if state.phase == CHOOSE_ARTIFACTS:
        taken = {h.artifact for h in state.heroes.values()}
        return [Equip(h.id, a) for h in mine if not h.artifact
                for a in sorted(state.artifact_cards) if a not in taken]
    if state.phase == PLACE_HAZARDS:
        return [PlaceHazard(kind, sq) for kind in SETUP_HAZARDS for sq in hazard_spaces(state)]
    return []


def setup_done(state: Battle) -> bool:
    """Both teams placed their hazard: the first turn begins."""
    return sum(1 for h in state.hazards.values() if h.team) == 2

