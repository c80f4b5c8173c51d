"""The position format of Brutality (docs/positions/brutality.md).

`position(state)` writes a state as plain JSON data: the options, the
phase, whose turn it is, every hero (team, space, facing, Health, tiles,
artifact and cooldown, what it did this turn), the hazard tiles, the relic
piles (their hidden order included) and hands, the draft, the Hell Fire
called, the effect stack and the windows to answer, and the question
waiting.  The board side, the hero sheets and the cards' faces are
content: the options name the board, the rest comes from
`fixtures/brutality/`.

`from_position(data)` reads one back.  A test writes only what it cares
about (`{"heroes": {"assassin": {"team": "north", "at": "C3"}, ...}}`);
every other field takes the default the doc states.  An impossible
position (two miniatures on one space, a card in two places, a third
action) is refused with `BadPosition(rule, reason)` naming a rule of the
game's table.
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import BadOptions
from engine.core.events import evolved
from engine.core.position import BadPosition
from engine.kit.deck import Hand

from . import content
from .board import HAZARDS, blocker_name, blocking, footprint, forward, occupants, parse, to_square
from .movement import MOVE_SPACES
from .resolution import STEPS
from .rulebook import RULES
from .rules import QUESTIONS
from .setup import options
from .state import (
    ACTIONS,
    CHOOSE_ARTIFACTS,
    CHOOSE_HEROES,
    COOLDOWN,
    DRAFT,
    HAND_LIMIT,
    HEROES_PER_TEAM,
    OVER,
    PLACE_HAZARDS,
    PLACE_HEROES,
    SETUP_PHASES,
    SHARED,
    TEAMS,
    Battle,
    Hazard,
    Hero,
    relic_deck,
)

SHAPE = "brutality.position.shape"
PHASES = (*SETUP_PHASES, ACTIONS, OVER)
FACINGS = ("N", "S")
SECTIONS = ("options", "phase", "start_team", "turn", "active", "winner", "heroes", "hazards",
            "relics", "draft", "hell_fire", "stack", "responder", "closing", "window",
            "question", "pushes")
HERO_FIELDS = ("team", "at", "facing", "health", "bleed", "noose", "buried", "dead", "artifact",
               "cooldown", "actions", "movement", "haste", "grounded", "ward")


# ---- writing ------------------------------------------------------------------------------
def position(state: Battle) -> dict[str, Any]:
    """The position of `state` (its own sections; the core adds the envelope)."""
    s = state
    out: dict[str, Any] = {"options": dict(s.options), "phase": s.phase,
                           "start_team": s.start_team}
    if s.phase not in SETUP_PHASES:
        out.update(turn=s.turn, active=s.active)
    if s.winner is not None:
        out["winner"] = s.winner
    out["heroes"] = {h.id: _hero_out(s, h) for h in s.heroes.values()}
    icicles = set(content.boards()[s.board["id"]]["icicles"])
    out["hazards"] = {sq: _hazard_out(s, hz) for sq, hz in sorted(s.hazards.items())
                      if not (sq in icicles and hz.kind == "icicle-spikes")}
    out["relics"] = {"decks": {p: list(d.cards) for p, d in sorted(s.relic_decks.items())},
                     "discards": {p: list(reversed(d.discards))  # the oldest first
                                  for p, d in sorted(s.relic_decks.items()) if d.discards},
                     "hands": {t: list(s.hand(t)) for t in TEAMS}}
    if s.draft_stacks or s.drafted:
        out["draft"] = {"stacks": {t: list(c) for t, c in sorted(s.draft_stacks.items())},
                        "open": s.draft_open,
                        "drafted": {t: list(c) for t, c in sorted(s.drafted.items())}}
    if s.hell_fire:
        out["hell_fire"] = [{"team": t, "squares": list(sq), "turns": n}
                            for t, sq, n in s.hell_fire]
    if s.stack:
        out["stack"] = [{"team": t, "source": src, "what": what, "steps": _plain(steps)}
                        for t, src, what, steps in s.stack.items]
    if s.responder:
        out["responder"] = s.responder
    if s.closing is not None:
        out["closing"] = list(s.closing)
    if s.window:
        out["window"] = s.window
    if s.question:
        team, kind, hero, choices = s.question
        out["question"] = {"team": team, "kind": kind, "hero": hero, "choices": list(choices),
                           "rest": _plain(s.rest), "rule": s.asked_rule}
    if s.pushes:
        out["pushes"] = _plain(s.pushes)
    return out


def _plain(value: Any) -> Any:
    """Tuples as lists, all the way down: the JSON a position is."""
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


def _hero_out(s: Battle, h: Hero) -> dict[str, Any]:
    """A hero's fields that differ from their defaults (the team always)."""
    out: dict[str, Any] = {"team": h.team}
    if h.square is not None:
        out["at"] = h.square
    fields = {"facing": h.facing, "health": h.health, "bleed": h.bleed, "noose": h.hung,
              "buried": h.buried, "dead": h.dead, "artifact": h.artifact,
              "cooldown": h.cooldown, "actions": list(s.acted.get(h.id, ())),
              "haste": s.haste.get(h.id, 0), "grounded": h.id in s.grounded,
              "ward": s.wards.get(h.id)}
    defaults = _hero_defaults(s.sheets[h.id], h.team, h.dead)
    out.update({k: v for k, v in fields.items() if v != defaults[k]})
    if h.id in s.movement:
        out["movement"] = s.movement[h.id]
    return out


def _hero_defaults(sheet: dict[str, Any], team: str, dead: bool) -> dict[str, Any]:
    return {"facing": forward(team), "health": 0 if dead else sheet["health"], "bleed": 0,
            "noose": False, "buried": False, "dead": False, "artifact": None, "cooldown": 0,
            "actions": [], "haste": 0, "grounded": False, "ward": None}


def _hazard_out(s: Battle, hz: Hazard) -> str | dict[str, Any]:
    """A hazard's kind alone, or with the fields that differ from their defaults."""
    owner = s.heroes.get(hz.owner)
    defaults = {"team": owner.team if owner else "", "tokens": HAZARDS[hz.kind]["turns"],
                "owner": "", "moved": 0}
    fields = {"team": hz.team, "tokens": hz.tokens, "owner": hz.owner, "moved": hz.moved}
    extra = {k: v for k, v in fields.items() if v != defaults[k]}
    return {"kind": hz.kind, **extra} if extra else hz.kind


# ---- reading: typed values ----------------------------------------------------------------
def _obj(value: Any, where: str, known: tuple[str, ...] = ()) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise BadPosition(SHAPE, f"{where}: expected an object")
    unknown = sorted(set(value) - set(known)) if known else []
    if unknown:
        raise BadPosition(SHAPE, f"{where}: unknown field {str(unknown[0])[:40]!r} "
                                 f"(known: {', '.join(known)})")
    return value


def _int(value: Any, where: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise BadPosition(SHAPE, f"{where}: expected a whole number from {low} to {high}")
    return value


def _bool(value: Any, where: str) -> bool:
    if type(value) is not bool:
        raise BadPosition(SHAPE, f"{where}: expected true or false")
    return value


def _str(value: Any, where: str, among: tuple[str, ...] = ()) -> str:
    if not isinstance(value, str) or (among and value not in among):
        wanted = f"one of {', '.join(repr(a) for a in among)}" if among else "a string"
        raise BadPosition(SHAPE, f"{where}: expected {wanted}")
    return value


def _strs(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise BadPosition(SHAPE, f"{where}: expected a list of strings")
    return tuple(value)


def _square(s: Battle, value: Any, where: str) -> str:
    name = _str(value, where)
    if parse(s, name) is None or str(to_square(name)) != name:
        raise BadPosition("brutality.position.occupied",
                          f"{where}: {name[:20]!r} is not a space of the {s.board['name']}")
    return name


# ---- reading ------------------------------------------------------------------------------
def from_position(data: dict[str, Any]) -> Battle:
    """The state a position describes; BadPosition if it cannot be."""
    data = _obj(data, "position", SECTIONS)
    s = _laid_out(_obj(data.get("options", {}), "options"))
    phase = _str(data.get("phase", ACTIONS), "phase", PHASES)
    start = _str(data.get("start_team", "north"), "start_team", TEAMS)
    playing = phase not in SETUP_PHASES
    s = evolved(s, phase=phase, start_team=start,
                turn=_int(data.get("turn", 1), "turn", 1, 10_000) if playing else 0,
                active=_str(data.get("active", start), "active", TEAMS) if playing else "")
    s = _heroes(s, _obj(data.get("heroes", {}), "heroes"))
    s = _hazards(s, _obj(data.get("hazards", {}), "hazards"))
    s = _draft(s, _obj(data.get("draft", {}), "draft", ("stacks", "open", "drafted")))
    s = _relics(s, _obj(data.get("relics", {}), "relics", ("decks", "discards", "hands")))
    s = _turn_state(s, data)
    _check_turn(s, data)
    return s


def _laid_out(raw: dict[str, Any]) -> Battle:
    """The options (filled with their defaults) and the content they name."""
    players = raw.get("players")
    texts = {k: v for k, v in raw.items() if k != "players"}
    if (players is not None and type(players) is not int) \
            or not all(isinstance(v, str) for v in texts.values()):
        raise BadPosition("brutality.setup.options",
                          "options: players is a number (2 or 4), the others words (board=ice-pit)")
    try:
        opts = options(players, texts)
    except BadOptions as e:
        raise BadPosition("brutality.setup.options", f"options: {e}") from None
    b = content.boards()[opts["board"]]
    board = {"id": opts["board"], "name": b["name"], "width": b["width"], "height": b["height"],
             "starts": {team: tuple(sq) for team, sq in b["starts"].items()}}
    return Battle(phase=ACTIONS, options=opts, board=board, sheets=content.heroes(),
                  artifact_cards=content.artifacts(), relic_cards=content.relics(),
                  hazards={sq: Hazard("icicle-spikes") for sq in b["icicles"]})


def _heroes(s: Battle, section: dict[str, Any]) -> Battle:
    heroes, acted, movement, haste, grounded, wards = {}, {}, {}, {}, [], {}
    for hero_id, raw in section.items():
        where = f"heroes.{str(hero_id)[:30]}"
        if hero_id not in s.sheets:
            raise BadPosition("brutality.position.hero", f"{where}: no such hero (have: "
                                                         f"{', '.join(sorted(s.sheets))})")
        raw = _obj(raw, where, HERO_FIELDS)
        h = _hero(s, hero_id, raw, where)
        heroes[hero_id] = h
        actions = _strs(raw.get("actions", []), f"{where}.actions")
        _check_actions(s, h, actions, raw, where)
        if actions:
            acted[hero_id] = actions
        if "movement" in raw:
            movement[hero_id] = _int(raw["movement"], f"{where}.movement", 0, 99)
        if raw.get("haste", 0):
            haste[hero_id] = _int(raw["haste"], f"{where}.haste", 0, 99)
        if _bool(raw.get("grounded", False), f"{where}.grounded"):
            grounded.append(hero_id)
        if raw.get("ward") is not None:
            wards[hero_id] = _str(raw["ward"], f"{where}.ward")
    for team in TEAMS:
        if sum(1 for h in heroes.values() if h.team == team) > HEROES_PER_TEAM:
            raise BadPosition("brutality.position.hero", f"heroes: {team} has more than "
                                                         f"{HEROES_PER_TEAM} heroes")
    s = evolved(s, heroes=heroes, acted=acted, movement=movement, haste=haste,
                grounded=tuple(grounded), wards=wards)
    for hero_id, spaces in movement.items():
        most = MOVE_SPACES + 1 + s.haste.get(hero_id, 0)
        if spaces > most:
            raise BadPosition("brutality.position.turn", f"heroes.{hero_id}.movement: the "
                                                         f"Move action gives {most} at most")
    _check_artifacts(s)
    _check_spaces(s)
    return s


def _hero(s: Battle, hero_id: str, raw: dict[str, Any], where: str) -> Hero:
    sheet = s.sheets[hero_id]
    team = _str(raw.get("team"), f"{where}.team", TEAMS)
    dead = _bool(raw.get("dead", False), f"{where}.dead")
    health = _int(raw.get("health", 0 if dead else sheet["health"]), f"{where}.health", 0,
                  sheet["health"])
    square = None if raw.get("at") is None else _square(s, raw["at"], f"{where}.at")
    h = Hero(hero_id, team, health, square=square,
             facing=_str(raw.get("facing", forward(team)), f"{where}.facing", FACINGS),
             bleed=_int(raw.get("bleed", 0), f"{where}.bleed", 0, 99),
             hung=_bool(raw.get("noose", False), f"{where}.noose"),
             buried=_bool(raw.get("buried", False), f"{where}.buried"),
             artifact=None if raw.get("artifact") is None else _str(raw["artifact"],
                                                                    f"{where}.artifact"),
             cooldown=_int(raw.get("cooldown", 0), f"{where}.cooldown", 0, COOLDOWN), dead=dead)
    why = _hero_refusal(s, h)
    if why:
        raise BadPosition("brutality.position.hero", f"{where}: {why}")
    return h


def _hero_refusal(s: Battle, h: Hero) -> str:
    """What makes this hero impossible, or ""."""
    if h.dead and (h.health or h.square or h.bleed or h.hung or h.buried):
        return "a dead hero is off the board, at 0 Health, with no tiles"
    if not h.dead and h.health == 0:
        return "a hero at 0 Health is dead"
    if h.buried and h.square is None:
        return "a buried hero lies under a gravestone: say where (at)"
    if h.hung and h.buried:
        return "being buried takes the noose off"
    if h.artifact is not None and h.artifact not in s.artifact_cards:
        return f"no artifact card {h.artifact[:40]!r}"
    if h.cooldown and h.artifact is None:
        return "a cooldown token lies on an artifact card: name it"
    if h.square is None and not h.dead and s.phase not in (DRAFT, CHOOSE_HEROES, PLACE_HEROES):
        return "a hero on the board needs a space (at)"
    return ""


def _check_actions(s: Battle, h: Hero, actions: tuple[str, ...], raw: dict[str, Any],
                   where: str) -> None:
    """Two actions at most, each once: the Move action and the hero's abilities."""
    known = ("move", *s.sheets[h.id]["abilities"])
    if len(actions) > 2 or len(set(actions)) != len(actions) or not set(actions) <= set(known):
        raise BadPosition("brutality.position.turn", f"{where}.actions: at most two of "
                                                     f"{', '.join(known)}, each once")
    if "movement" in raw and "move" not in actions:
        raise BadPosition("brutality.position.turn", f"{where}.movement: only a hero who took "
                                                     "the Move action has movement")


def _check_artifacts(s: Battle) -> None:
    held = [h.artifact for h in s.heroes.values() if h.artifact]
    if len(held) != len(set(held)):
        raise BadPosition("brutality.position.hero", "heroes: two heroes hold one artifact card")
    for hero_id in s.wards:
        if s.heroes[hero_id].dead:
            raise BadPosition("brutality.position.hero", f"heroes.{hero_id}.ward: a ward over a "
                                                         "dead hero is discarded")


def _check_spaces(s: Battle) -> None:
    """One miniature a space, each wholly on the board."""
    taken: dict[str, str] = {}
    for h in s.heroes.values():
        for sq in footprint(s, h) if h.on_board else ():
            if sq in taken:
                raise BadPosition("brutality.position.occupied",
                                  f"heroes: {taken[sq]} and {h.id} both stand on {sq}")
            taken[sq] = h.id
        if h.square and not footprint(s, h) and not h.buried:
            raise BadPosition("brutality.position.occupied",
                              f"heroes.{h.id}: the miniature does not fit on the board at "
                              f"{h.square}")


def _hazards(s: Battle, section: dict[str, Any]) -> Battle:
    hazards = dict(s.hazards)  # the board's icicles
    for square, raw in section.items():
        where = f"hazards.{str(square)[:20]}"
        square = _square(s, square, where)
        if square in hazards:
            raise BadPosition("brutality.position.hazard",
                              f"{where}: the icicle spikes hold that space")
        if isinstance(raw, str):
            raw = {"kind": raw}
        raw = _obj(raw, where, ("kind", "team", "tokens", "owner", "moved"))
        kind = _str(raw.get("kind"), f"{where}.kind",
                    tuple(k for k in HAZARDS if k != "icicle-spikes"))
        owner = _str(raw.get("owner", ""), f"{where}.owner", ("", *s.heroes))
        team = owner and s.heroes[owner].team
        hazards[square] = Hazard(kind, team=_str(raw.get("team", team), f"{where}.team",
                                                 ("", *TEAMS)),
                                 tokens=_int(raw.get("tokens", HAZARDS[kind]["turns"]),
                                             f"{where}.tokens", 0, 99),
                                 owner=owner, moved=_int(raw.get("moved", 0), f"{where}.moved",
                                                         0, 2))
    s = evolved(s, hazards=hazards)
    for sq, hero_id in occupants(s).items():
        if blocking(s, sq):
            raise BadPosition("brutality.position.occupied",
                              f"heroes.{hero_id}: {blocker_name(blocking(s, sq))} movement "
                              f"on {sq}")
    return s


def _draft(s: Battle, section: dict[str, Any]) -> Battle:
    stacks = {_str(t, "draft.stacks", content.RELIC_TYPES): _strs(c, f"draft.stacks.{t}")
              for t, c in _obj(section.get("stacks", {}), "draft.stacks").items()}
    drafted = {_str(t, "draft.drafted", TEAMS): _strs(c, f"draft.drafted.{t}")
               for t, c in _obj(section.get("drafted", {}), "draft.drafted").items()}
    open_type = _str(section.get("open", ""), "draft.open", ("", *stacks))
    if (stacks or drafted) and s.options["relics"] != "draft":
        raise BadPosition("brutality.position.card", "draft: only with the option relics=draft")
    return evolved(s, draft_stacks=stacks, drafted=drafted, draft_open=open_type)


def _relics(s: Battle, section: dict[str, Any]) -> Battle:
    hands = {_str(t, "relics.hands", TEAMS): _strs(c, f"relics.hands.{t}")
             for t, c in _obj(section.get("hands", {}), "relics.hands").items()}
    discards = {p: _strs(c, f"relics.discards.{p}")
                for p, c in _obj(section.get("discards", {}), "relics.discards").items()}
    piles = (SHARED, *TEAMS)
    for p in discards:
        _str(p, "relics.discards", piles)
    placed = [c for cards in (*hands.values(), *discards.values()) for c in cards]
    placed += [*s.wards.values(), *(c for cards in s.draft_stacks.values() for c in cards)]
    if s.phase == DRAFT:  # drafted cards join their team's deck at the draft's end
        placed += [c for cards in s.drafted.values() for c in cards]
    if "decks" in section:
        decks = {_str(p, "relics.decks", piles): _strs(c, f"relics.decks.{p}")
                 for p, c in _obj(section["decks"], "relics.decks").items()}
    else:
        decks = _default_decks(s, set(placed))
    _check_cards(s, placed + [c for cards in decks.values() for c in cards])
    for team, cards in hands.items():
        if len(cards) > HAND_LIMIT:
            raise BadPosition("brutality.position.card", f"relics.hands.{team}: a team holds "
                                                         f"{HAND_LIMIT} relic cards at most")
    piles_of = {p: relic_deck(p, decks.get(p, ())) for p in (*decks, *discards)}
    for p, cards in discards.items():
        piles_of[p] = piles_of[p].discard(cards)
    return evolved(s, relic_decks=piles_of,
                   hands={t: Hand(hands.get(t, ()), limit=HAND_LIMIT) for t in TEAMS})


def _default_decks(s: Battle, placed: set[str]) -> dict[str, tuple[str, ...]]:
    """Every card placed nowhere else: in the shared deck, or in Controlled
    Chaos each drafted card in its team's deck, in the content's order."""
    if s.options["relics"] == "draft":
        if s.phase == DRAFT:
            return {}
        return {t: tuple(c for c in cards if c not in placed) for t, cards in s.drafted.items()}
    return {SHARED: tuple(c for c in content.relic_cards(s.relic_cards) if c not in placed)}


def _check_cards(s: Battle, cards: list[str], twice: bool = False) -> None:
    """Known cards, each in one place (unless `twice`: cards named, not placed)."""
    known = set(content.relic_cards(s.relic_cards))
    seen: set[str] = set()
    for card in cards:
        if card not in known:
            raise BadPosition("brutality.position.card", f"relics: no relic card {card[:40]!r}")
        if card in seen and not twice:
            raise BadPosition("brutality.position.card", f"relics: {card} is in two places")
        seen.add(card)


def _turn_state(s: Battle, data: dict[str, Any]) -> Battle:
    """Hell Fire, the effect stack, the windows, the question, the last pushes."""
    fires = tuple((_str(f.get("team"), "hell_fire.team", TEAMS),
                   tuple(_square(s, sq, "hell_fire.squares")
                         for sq in _strs(f.get("squares"), "hell_fire.squares")),
                   _int(f.get("turns"), "hell_fire.turns", 1, 99))
                  for f in (_obj(x, "hell_fire", ("team", "squares", "turns"))
                            for x in _list(data.get("hell_fire", []), "hell_fire")))
    stack = s.stack
    for i, raw in enumerate(_list(data.get("stack", []), "stack")):
        raw = _obj(raw, f"stack.{i}", ("team", "source", "what", "steps"))
        stack = stack.push((_str(raw.get("team"), f"stack.{i}.team", TEAMS),
                            _str(raw.get("source"), f"stack.{i}.source",
                                 ("ability", "artifact", "relic")),
                            _str(raw.get("what"), f"stack.{i}.what"),
                            _steps(raw.get("steps", []), f"stack.{i}.steps")))
    closing = data.get("closing")
    if closing is not None:
        _check_cards(s, list(_strs(closing, "closing")), twice=True)
    s = evolved(s, hell_fire=fires, stack=stack,
                responder=_str(data.get("responder", ""), "responder", ("", *TEAMS)),
                closing=None if closing is None else _strs(closing, "closing"),
                window=_str(data.get("window", ""), "window", ("", *TEAMS)),
                winner=None if data.get("winner") is None
                else _str(data["winner"], "winner", (*TEAMS, "draw")),
                pushes=tuple(_push(s, p) for p in _list(data.get("pushes", []), "pushes")))
    if data.get("question") is not None:
        s = _question(s, _obj(data["question"], "question",
                              ("team", "kind", "hero", "choices", "rest", "rule")))
    return s


def _question(s: Battle, q: dict[str, Any]) -> Battle:
    """A question about a hero on the board, whose answers are spaces (or staying)."""
    hero = _str(q.get("hero"), "question.hero", tuple(s.heroes))
    kind = _str(q.get("kind"), "question.kind", tuple(QUESTIONS))
    if not s.heroes[hero].on_board:
        raise BadPosition("brutality.position.stack", f"question.hero: {hero} is not on the board")
    choices = _strs(q.get("choices"), "question.choices")
    for choice in choices:
        if not (choice == "stay" and kind == "jump-move"):
            _square(s, choice, "question.choices")
    rule = _str(q.get("rule", "brutality.prompt.answer"), "question.rule")
    if rule not in RULES:
        raise BadPosition(SHAPE, f"question.rule: no rule {rule[:40]!r} in the table")
    return evolved(s, question=(_str(q.get("team"), "question.team", TEAMS), kind, hero, choices),
                   rest=_steps(q.get("rest", []), "question.rest"), asked_rule=rule)


def _list(value: Any, where: str) -> list:
    if not isinstance(value, list):
        raise BadPosition(SHAPE, f"{where}: expected a list")
    return value


def _steps(value: Any, where: str) -> tuple[tuple, ...]:
    """Steps still to resolve, each a word of `resolution.STEPS` and its words."""
    steps = []
    for i, step in enumerate(_list(value, where)):
        if not isinstance(step, list) or not step or step[0] not in STEPS \
                or not all(isinstance(w, (str, int)) and type(w) is not bool for w in step):
            raise BadPosition("brutality.position.stack", f"{where}.{i}: expected a step, a "
                                                          f"list of words starting with one of "
                                                          f"{', '.join(sorted(STEPS))}")
        steps.append(tuple(step))
    return tuple(steps)


def _push(s: Battle, value: Any) -> tuple[str, str, str]:
    words = _strs(value, "pushes")
    if len(words) != 3 or words[0] not in s.heroes:
        raise BadPosition(SHAPE, "pushes: each is [hero, from, to]")
    return words[0], _square(s, words[1], "pushes"), _square(s, words[2], "pushes")


# ---- the turn as a whole ------------------------------------------------------------------
def _check_turn(s: Battle, data: dict[str, Any]) -> None:
    """The phase, the setup's alternating order, and what waits in a team's turn."""
    if (s.phase == OVER) != (s.winner is not None):
        raise BadPosition("brutality.position.turn", "winner: a game is over exactly when it "
                                                     "has a winner (or a draw)")
    if s.phase in SETUP_PHASES:
        _check_setup(s)
        if s.stack or s.question or s.closing is not None or s.hell_fire:
            raise BadPosition("brutality.position.turn", "phase: nothing is declared, asked or "
                                                         "called before the first turn")
        return
    if sum(1 for h in s.heroes.values()) != 2 * HEROES_PER_TEAM:
        raise BadPosition("brutality.position.hero", f"heroes: each team has "
                                                     f"{HEROES_PER_TEAM} heroes once play begins")
    if s.responder and not s.stack:
        raise BadPosition("brutality.position.stack", "responder: nothing waits on the stack")
    if s.window and s.closing is None:
        raise BadPosition("brutality.position.stack", "window: the actions have not ended "
                                                      "(closing)")
    if s.question and s.phase != ACTIONS:
        raise BadPosition("brutality.position.stack", "question: the game is over")


def _check_setup(s: Battle) -> None:
    """Each setup choice alternates, the starting team first: a team is never
    more than one choice ahead, and each step starts once the last is done."""
    counts = {
        CHOOSE_HEROES: lambda t: sum(1 for h in s.heroes.values() if h.team == t),
        PLACE_HEROES: lambda t: sum(1 for h in s.heroes.values() if h.team == t and h.square),
        CHOOSE_ARTIFACTS: lambda t: sum(1 for h in s.heroes.values()
                                        if h.team == t and h.artifact),
        PLACE_HAZARDS: lambda t: sum(1 for h in s.hazards.values() if h.team == t),
    }
    order = (DRAFT, *counts)
    at = order.index(s.phase)
    if at == 0 and (s.heroes or s.options["relics"] != "draft"):
        raise BadPosition("brutality.position.turn", "phase: the draft comes only in Controlled "
                                                     "Chaos (relics=draft), before the heroes")
    if at >= 1 and s.options["relics"] == "draft" and s.draft_stacks:
        raise BadPosition("brutality.position.turn", "draft: stacks left after the draft")
    for i, step in enumerate(order[1:], 1):
        done = {t: counts[step](t) for t in TEAMS}
        total = 2 * HEROES_PER_TEAM if step != PLACE_HAZARDS else 2
        if i < at and sum(done.values()) != total:
            raise BadPosition("brutality.position.turn", f"phase: {s.phase} comes once "
                                                         f"every {step} choice is made")
        if i > at and any(done.values()):
            raise BadPosition("brutality.position.turn", f"phase: no {step} choice is made "
                                                         f"before {s.phase} is over")
        if i == at and (done[s.start_team] - done[_other(s.start_team)] not in (0, 1)
                        or sum(done.values()) >= total):
            raise BadPosition("brutality.position.turn", f"phase: the {step} choices "
                                                         "alternate, the starting team first")


def _other(team: str) -> str:
    return TEAMS[1 - TEAMS.index(team)]
