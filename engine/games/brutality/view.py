"""What a seat may see, a text picture, and one-line descriptions of facts.

Hidden: the order of the relic decks and of the draft's face-down stacks
(from everyone), and a team's relic hand from the other team (and from
spectators): the cards it draws, a card stolen from it (but from the thief),
and the cards it names for phase 4 until they are discarded.  Everything on
the board and on the hero sheets is public.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.events import evolved
from engine.kit.notation import parse_cell

from . import events as ev
from .board import footprint, footprint_at, graves, occupants, square_names, to_square
from .state import TEAMS, Battle, team_of

if TYPE_CHECKING:
    import random  # for annotations alone: a read never scrambles (issue #24)

ARROW = {"N": "^", "S": "v"}


def view(state: Battle, seat: str | None) -> dict[str, Any]:
    board = {
        "phase": state.phase,
        "turn": state.turn,
        "active": state.active,
        "start_team": state.start_team,
        "board": dict(state.board, starts={t: list(s) for t, s in
                                           state.board.get("starts", {}).items()}),
        "options": dict(state.options),
        "heroes": {h.id: _hero(state, h) for h in state.heroes.values()},
        "squares": _squares(state),
        "hazards": {sq: {"kind": hz.kind, "team": hz.team, "tokens": hz.tokens}
                    for sq, hz in sorted(state.hazards.items())},
        "pushes": [_push(state, h, a, b) for h, a, b in state.pushes],
        "graves": {sq: list(ids) for sq, ids in sorted(graves(state).items())},
        "relic_deck_sizes": {p: len(d) for p, d in sorted(state.relic_decks.items())},
        "relic_discards": {p: list(reversed(d.discards))  # the oldest first
                           for p, d in sorted(state.relic_decks.items())},
        "draft": {"stack_sizes": {t: len(c) for t, c in sorted(state.draft_stacks.items())},
                  "open": state.draft_open,
                  "open_stack": sorted(state.draft_stacks.get(state.draft_open, ())),
                  "drafted": {t: list(c) for t, c in sorted(state.drafted.items())}},
        "hand_sizes": {t: len(state.hand(t)) for t in TEAMS},
        "wards": dict(state.wards),
        # In the order declared, each with its effects as declared (public: the
        # EffectDeclared fact says them to everyone, "hell-fire" and all).
        "stack": [{"team": t, "source": src, "what": what, "steps": _plain(steps)}
                  for t, src, what, steps in state.stack.items],
        "responder": state.responder,
        "closing": state.closing is not None,
        "window": state.window,
        "hell_fire": [{"team": t, "squares": list(sq), "turns": n} for t, sq, n in state.hell_fire],
        "question": None if not state.question else {
            "team": state.question[0], "kind": state.question[1], "hero": state.question[2],
            "choices": list(state.question[3])},
        "winner": state.winner,
        "content": _content(state),
    }
    board["hands"] = {t: list(state.hand(t)) for t in TEAMS
                      if seat is None or team_of(seat) == t}
    if seat is None:  # the omniscient view adds the deck order
        board["relic_decks"] = {p: list(d.cards) for p, d in sorted(state.relic_decks.items())}
        board["draft"]["stacks"] = {t: list(c) for t, c in sorted(state.draft_stacks.items())}
    return board


def _plain(value: Any) -> Any:
    """Tuples as lists, all the way down (a view is plain JSON data)."""
    return [_plain(v) for v in value] if isinstance(value, (tuple, list)) else value


def _content(state: Battle) -> dict[str, Any]:
    """The stand-in content the game was set up with, as its facts listed it for
    everyone (hero sheets, artifact cards, the kinds of relic card): what a
    sheet, an artifact or a relic card in hand says, for the picture."""
    return {
        "heroes": {hid: {"name": s["name"], "type": s["type"], "health": s["health"],
                         "size": s["size"], "compass": s["compass"],
                         "abilities": {aid: {"name": a["name"], "text": a.get("text", "")}
                                       for aid, a in s["abilities"].items()}}
                   for hid, s in state.sheets.items()},
        "artifacts": {aid: {"name": a["name"], "timing": a["timing"], "text": a.get("text", "")}
                      for aid, a in state.artifact_cards.items()},
        "relics": {rid: {"name": r["name"], "type": r["type"], "timing": r["timing"],
                         "text": r.get("text", "")}
                   for rid, r in state.relic_cards.items()},
    }


def _push(state: Battle, hero_id: str, source: str, to: str) -> dict[str, Any]:
    """A forced move, with the spaces the miniature covered before and after."""
    h = state.heroes[hero_id]
    return {"hero": hero_id, "source": source, "to": to,
            "from_spaces": list(footprint_at(state, h, to_square(source)) or (source,)),
            "to_spaces": list(footprint_at(state, h, to_square(to)) or (to,))}


def _squares(state: Battle) -> dict[str, dict[str, str]]:
    """Every space with what lies on it ("open" or a hazard kind) and the hero
    standing there ("" for none), for the picture."""
    if not state.board:
        return {}
    taken, hazards = occupants(state), state.hazards
    return {sq: {"ground": hazards[sq].kind if sq in hazards else "open",
                 "hero": taken.get(sq, "")}
            for sq in square_names(state.board["width"], state.board["height"])}


def _hero(state: Battle, h) -> dict[str, Any]:
    sheet = state.sheets.get(h.id, {})
    name = sheet.get("name", h.id)
    return {"team": h.team, "name": name, "label": name.removeprefix("The ")[:2],
            "health": h.health,
            "max_health": sheet.get("health", 0), "square": h.square,
            "spaces": list(footprint(state, h)) if state.board else [],
            "facing": h.facing, "size": sheet.get("size", 1), "bleed": h.bleed, "hung": h.hung,
            "buried": h.buried, "dead": h.dead, "artifact": h.artifact, "cooldown": h.cooldown,
            "actions": list(state.acted.get(h.id, ())), "movement": state.movement.get(h.id, 0)}


def redact(event, seat: str | None) -> dict[str, Any]:
    data = event.to_data()
    if seat is None:
        return data
    if event.type in ("RelicDeckShuffled", "RelicDeckReshuffled"):
        data["order"] = {"hidden": len(data["order"])}
    elif event.type == "DraftStacksDealt":
        data["stacks"] = {t: {"hidden": len(c)} for t, c in data["stacks"].items()}
    elif event.type == "RelicsDrawn" and team_of(seat) != data["team"]:
        data["cards"] = {"hidden": len(data["cards"])}
    elif event.type == "RelicStolen" and team_of(seat) not in (data["team"], data["victim"]):
        data["card"] = {"hidden": 1}
    elif event.type == "ActionsEnded" and team_of(seat) != data["team"]:
        # Named for phase 4 from a hidden hand: face up only once discarded.
        data["discard"] = {"hidden": len(data["discard"])}
    return data


def scramble_hidden(state: Battle, seat: str | None, rng: random.Random) -> Battle:
    """Reorder the deck and replace the hands `seat` cannot see."""
    if seat is None:
        return state
    cards = {p: list(d.cards) for p, d in state.relic_decks.items()}
    for deck in cards.values():
        rng.shuffle(deck)
    hands = dict(state.hands)
    for team in TEAMS:
        pile = state.pile(team)
        held = state.hand(team)
        if team != team_of(seat) and held:  # swap unseen cards with its own deck
            pool = list(held) + cards.get(pile, [])
            rng.shuffle(pool)
            hands[team] = evolved(state.held(team), cards=tuple(pool[:len(held)]))
            cards[pile] = pool[len(held):]
    decks = {p: evolved(d, cards=tuple(cards[p])) for p, d in state.relic_decks.items()}
    stacks = {t: tuple(rng.sample(c, len(c))) if t != state.draft_open else c
              for t, c in state.draft_stacks.items()}
    return evolved(state, relic_decks=decks, hands=hands, draft_stacks=stacks)


def render(state: Battle) -> str:
    if not state.board:
        return "(no game set up yet)"
    w, h = state.board["width"], state.board["height"]
    cells = [["." for _ in range(w)] for _ in range(h)]
    letters = {}
    for sq, hz in state.hazards.items():
        col, row = _cell(sq)
        cells[row][col] = "#" if hz.kind in ("icicle-spikes", "spiked-pillar") else hz.kind[0]
    for sq in graves(state):
        col, row = _cell(sq)
        cells[row][col] = "+"
    for i, hero in enumerate(x for x in state.heroes.values() if x.on_board):
        mark = str(i + 1)
        letters[mark] = hero
        for sq in footprint(state, hero):
            col, row = _cell(sq)
            cells[row][col] = mark
    lines = [f"Brutality - {state.board['name']}, turn {state.turn}, {state.active or 'setup'}"
             f" ({state.phase})"]
    lines.append("   " + "".join(chr(ord("A") + c) for c in range(w)))
    lines += [f"{r + 1:>2} " + "".join(row) for r, row in enumerate(cells)]
    for mark, hero in letters.items():
        lines.append(f"  {mark} {hero.id} ({hero.team}) {ARROW[hero.facing]} health {hero.health}"
                     + (f" bleed {hero.bleed}" if hero.bleed else "")
                     + (" hung" if hero.hung else ""))
    for hero in state.heroes.values():
        if hero.buried or hero.dead:
            lines.append(f"    {hero.id} ({hero.team}) "
                         + ("dead" if hero.dead else f"buried at {hero.square}"))
    if state.winner:
        lines.append(f"  over: {state.winner}")
    return "\n".join(lines)


def _cell(square: str) -> tuple[int, int]:
    return parse_cell(square)


def describe(e) -> str:
    fn = _DESCRIBE.get(type(e))
    return fn(e) if fn else type(e).__name__


_DESCRIBE = {
    ev.GameConfigured: lambda e: "options: " + ", ".join(f"{k}={v}" for k, v in
                                                          sorted(e.options.items())),
    ev.BoardLaidOut: lambda e: f"{e.name} laid out ({e.width}x{e.height})",
    ev.HeroSheetsListed: lambda e: f"{len(e.heroes)} hero sheets",
    ev.ArtifactsListed: lambda e: f"{len(e.artifacts)} artifact cards",
    ev.RelicsListed: lambda e: f"{len(e.relics)} kinds of relic card",
    ev.StartingTeamChosen: lambda e: f"{e.team} takes the first turn",
    ev.RelicDeckShuffled: lambda e: f"{e.pile} relic deck of {len(e.order)} cards shuffled",
    ev.RelicDeckReshuffled: lambda e: f"{e.pile} relic discards reshuffled into a deck of "
                                      f"{len(e.order)}",
    ev.DraftStacksDealt: lambda e: "four draft stacks dealt face down",
    ev.DraftStackOpened: lambda e: f"{e.team} opens the {e.relic_type} stack",
    ev.RelicDrafted: lambda e: f"{e.team} drafted {e.card}",
    ev.HeroChosen: lambda e: f"{e.team} chose {e.hero}",
    ev.HealthSet: lambda e: f"{e.hero}'s Health set to {e.health}",
    ev.HeroPlaced: lambda e: f"{e.hero} placed on {e.square} facing {e.facing}",
    ev.ArtifactChosen: lambda e: f"{e.hero} took the artifact {e.artifact}",
    ev.HazardPlaced: lambda e: f"{e.kind} placed on {e.square}",
    ev.TurnBegan: lambda e: f"turn {e.turn}: {e.team}",
    ev.CooldownAdvanced: lambda e: f"{e.artifact} cooldown {e.cooldown}",
    ev.ArtifactFlippedUp: lambda e: f"{e.artifact} flipped face up",
    ev.RelicsDrawn: lambda e: f"{e.team} drew {len(e.cards)} relic card(s)",
    ev.MoveActionTaken: lambda e: f"{e.hero} takes the Move action ({e.spaces} spaces)",
    ev.HeroMoved: lambda e: f"{e.hero} moved {e.source}-{e.to}",
    ev.HeroTurned: lambda e: f"{e.hero} turned to face {e.facing}",
    ev.BleedRemoved: lambda e: f"{e.hero} removed bleed ({e.bleed} left)",
    ev.NooseRemoved: lambda e: f"{e.hero} is free of the noose",
    ev.HeroUnburied: lambda e: f"{e.hero} rose from the grave on {e.square}",
    ev.AbilityUsed: lambda e: f"{e.hero} used {e.ability}" + (f" on {e.target}" if e.target else ""),
    ev.ArtifactUsed: lambda e: f"{e.hero} used {e.artifact}" + (f" on {e.target}" if e.target
                                                                 else ""),
    ev.ArtifactFlippedDown: lambda e: f"{e.artifact} flipped face down (cooldown {e.cooldown})",
    ev.DamageTaken: lambda e: f"{e.hero} took {e.amount} damage (health {e.health})",
    ev.HeroHealed: lambda e: f"{e.hero} healed {e.amount} (health {e.health})",
    ev.KnockedBack: lambda e: f"{e.hero} knocked back {e.source}-{e.to}",
    ev.KnockbackStopped: lambda e: f"{e.hero} not knocked back: {e.why}",
    ev.HeroDisplaced: lambda e: f"{e.hero} put on {e.to} by {e.team}",
    ev.HeroTravelled: lambda e: f"{e.hero} travelled {e.source}-{e.to}",
    ev.BleedTaken: lambda e: f"{e.hero} bleeds ({e.bleed})",
    ev.HeroHung: lambda e: f"{e.hero} is hung",
    ev.HeroBuried: lambda e: f"{e.hero} buried alive at {e.square}",
    ev.HeroDied: lambda e: f"{e.hero} died",
    ev.HazardRemoved: lambda e: f"{e.kind} removed from {e.square}: {e.why}",
    ev.HazardTokenRemoved: lambda e: f"{e.kind} on {e.square}: {e.tokens} turn(s) left",
    ev.HeroJumped: lambda e: f"{e.hero} jumped {e.source}-{e.to}",
    ev.JumpCutShort: lambda e: f"{e.hero}'s jump ends on {e.square}: {e.why}",
    ev.KnightMoved: lambda e: f"Ghost Knight moved {e.source}-{e.to}",
    ev.HazardKnockedBack: lambda e: f"{e.kind} knocked back {e.source}-{e.to}",
    ev.HazardStopped: lambda e: f"{e.kind} on {e.square} not knocked back: {e.why}",
    ev.QuestionAsked: lambda e: {
        "displace": f"{e.team} must choose where {e.hero} goes",
        "jump-move": f"{e.team} may jump {e.hero} from the Catapult",
        "jump-knock": f"{e.team} must choose where {e.hero} jumps from the Catapult",
        "land": f"{e.team} must choose where {e.hero} lands"}.get(e.kind, e.kind),
    ev.QuestionAnswered: lambda e: f"{e.team} chose {e.choice}",
    ev.RelicPlayed: lambda e: f"{e.team} played {e.card}" + (f" on {' '.join(e.target)}"
                                                                if e.target else ""),
    ev.WardRaised: lambda e: f"{e.card} waits over {e.hero}",
    ev.DamagePrevented: lambda e: f"{e.card} spared {e.hero} {e.amount} damage",
    ev.MovementGranted: lambda e: f"{e.hero} gets {e.spaces} extra spaces of movement",
    ev.HeroGrounded: lambda e: f"{e.hero} cannot take the Move action this turn",
    ev.HeroRevived: lambda e: f"{e.hero} revived on {e.square} with {e.health} Health",
    ev.HellFireCalled: lambda e: f"{e.team} called Hell Fire on {', '.join(e.squares)}",
    ev.HellFireLit: lambda e: f"Hell Fire bursts out on {', '.join(e.squares)}",
    ev.RelicStolen: lambda e: f"{e.team} stole a relic card from {e.victim}",
    ev.EffectDeclared: lambda e: f"{e.team} declared {e.source} {e.what}"
                                 + (f"; {e.awaiting} may respond" if e.awaiting else ""),
    ev.ResponsePassed: lambda e: f"{e.team} passes: the stack resolves",
    ev.EffectResolved: lambda e: f"resolving {e.source} {e.what} ({e.team})",
    ev.ActionsEnded: lambda e: f"{e.team} ends its actions; {e.window} may play End of... cards",
    ev.EndWindowPassed: lambda e: f"{e.team} is done with End of... cards"
                                  + (f"; {e.window}'s turn to play them" if e.window else ""),
    ev.RelicsDiscarded: lambda e: f"{e.team} discarded {', '.join(e.cards)}",
    ev.TurnEnded: lambda e: f"{e.team}'s turn ends",
    ev.GameWon: lambda e: f"{e.team} wins",
    ev.GameDrawn: lambda e: f"draw: {e.why}",
}
