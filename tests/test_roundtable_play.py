"""Random play of `roundtable` through a real store: replay equals live,
`verify` finds the record identical, and views hide what they must."""

from __future__ import annotations

import json
import random

import pytest

from engine.core.context import SYSTEM
from engine.core.game import find_game, register
from engine.core.interchange import verify
from engine.core.store import open_store

register("roundtable", "engine.games.roundtable")
game = find_game("roundtable")


def memory():
    return open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})


@pytest.mark.parametrize("seed", [3, 17])
def test_random_play_replays_and_verifies(seed):
    store = memory()
    gid = store.create("roundtable", seed=seed, players=2, options={"rounds": "6"})
    rng = random.Random(seed)
    for _ in range(300):
        state = store.live(gid).session.state
        if game.outcome(state) is not None:
            break
        seat = next(s for s in game.to_act(state) if s != SYSTEM)
        legal = game.legal_commands(state, seat)
        assert legal, f"{seat} must act but has no legal command"
        # Ending the turn at random would end most turns at once: make it rarer.
        choices = [c for c in legal if c.verb != "end"] or legal
        cmd = rng.choice(legal if rng.random() < 0.15 else choices)
        store.issue(gid, seat, cmd.notation())
    live = store.live(gid)
    assert store.load(gid).session == live.session
    rows = store.rows(gid)
    assert verify(live.header, rows[1:]) is None
    state = live.session.state
    for seat in ("p1", "p2", "", None):
        shown = game.view(state, seat)
        json.dumps(shown)
        assert game.view(game.scramble_hidden(state, seat, random.Random(1)), seat) == shown


def test_greedy_bots_finish_a_game():
    store = memory()
    gid = store.create("roundtable", seed=5, players=2)
    rng = random.Random(5)
    for _ in range(2000):
        state = store.live(gid).session.state
        if game.outcome(state) is not None:
            break
        seat = game.to_act(state)[0]
        cmd = game.BOTS["greedy"](state, seat, game.legal_commands(state, seat), rng)
        store.issue(gid, seat, cmd.notation())
    assert game.outcome(store.live(gid).session.state) is not None


def test_every_legal_command_is_accepted_by_decide():
    """`legal_commands` skips re-checking moves for speed: decide must agree."""
    from engine.core.context import Context
    from engine.core.dice import Dice

    state = game.initial_state()
    for fact in game.setup(game.options(2, {}), Dice(11, 1)):
        state = game.evolve(state, fact)
    rng = random.Random(11)
    for step in range(120):
        if game.outcome(state) is not None:
            break
        seat = game.to_act(state)[0]
        legal = game.legal_commands(state, seat)
        if step % 3 == 0:
            for cmd in legal:
                game.decide(state, seat, cmd, Context(Dice(11, 1000 + step), None))
        moves = [c for c in legal if c.verb != "end"]
        cmd = rng.choice(moves if moves and rng.random() > 0.15 else legal)
        for fact in game.decide(state, seat, cmd, Context(Dice(11, step + 2), None)):
            state = game.evolve(state, fact)


@pytest.mark.parametrize("players, options", [(2, {}), (4, {"mode": "boss"})])
def test_the_board_picture_renders_as_well_formed_svg(players, options):
    import xml.dom.minidom

    import jinja2

    from viewer import boards, pictures

    env = jinja2.Environment(loader=jinja2.FileSystemLoader("viewer/templates"), autoescape=True)
    boards.register(env)
    pictures.register(env)
    template = env.get_template("boards/roundtable.html")
    store = memory()
    gid = store.create("roundtable", seed=9, players=players, options=options)
    rng = random.Random(9)
    for _ in range(80):
        state = store.live(gid).session.state
        if game.outcome(state) is not None:
            break
        seat = next(s for s in game.to_act(state) if s != SYSTEM)
        legal = game.legal_commands(state, seat)
        moves = [c for c in legal if c.verb != "end"]
        store.issue(gid, seat, rng.choice(moves if moves and rng.random() > 0.2 else legal).notation())
    state = store.live(gid).session.state
    seat = next((s for s in game.to_act(state) if s != SYSTEM), "p1")
    svg = template.render(board=game.view(state, seat), changed=["units", "players", "players.p1", "boss"],
                          game=game)
    xml.dom.minidom.parseString(svg)
    assert 'id="square-A1"' in svg
    assert ('id="token-boss"' in svg) == bool(options)


def test_words_from_the_view_are_escaped_in_the_written_picture():
    # The picture writes its shapes in Python (issue #24), not through the template's
    # autoescape: a name that looks like markup must still read as text.
    import xml.dom.minidom

    import jinja2

    from viewer import boards, pictures

    env = jinja2.Environment(loader=jinja2.FileSystemLoader("viewer/templates"), autoescape=True)
    boards.register(env)
    pictures.register(env)
    store = memory()
    gid = store.create("roundtable", seed=9, players=4, options={"mode": "boss"})
    rng = random.Random(9)
    for _ in range(40):
        state = store.live(gid).session.state
        seat = next(s for s in game.to_act(state) if s != SYSTEM)
        store.issue(gid, seat, rng.choice(game.legal_commands(state, seat)).notation())
    board = game.view(store.live(gid).session.state, None)
    odd = "<script>&\"'"
    for u in board["units"].values():
        u["name"] = u["short"] = "Unit " + odd
    board["boss"]["name"] = "Boss " + odd
    board["boss"]["news"] = ["news " + odd]
    board["players"]["p1"]["hand"] = ["no-such-card " + odd]
    changed = {p for c in ("units", "players", "squares") for p in (c, *(f"{c}.{k}" for k in board[c]))}
    html = env.get_template("boards/roundtable.html").render(board=board, changed=changed | {"boss", "boss.square"},
                                                             game=game)
    xml.dom.minidom.parseString(html)  # well-formed: no stray < or &
    assert "<script>" not in html
    assert html.count("&lt;script&gt;&amp;&#34;&#39;") >= 6  # units, corners, news, a card...


def every_command(state, seat):
    """Every command of a player's turn with any arguments worth writing (far more than
    `legal_commands` builds: it prunes with the guards), for `decide` to judge."""
    from engine.games.roundtable import commands as c

    units = list(state.units)
    others = units + list(state.boss.get("hp", {})) + list(state.summons)
    squares = list(state.terrain)
    p = state.player(seat)
    yield c.EndTurn()
    for u in units:
        here = state.units[u].square
        near = [sq for sq in squares if abs(ord(sq[0]) - ord(here[0])) + abs(int(sq[1:]) - int(here[1:])) <= 2]
        yield from (c.Move(u, sq) for sq in squares)
        yield from (c.Attack(u, t) for t in others)
        yield from (cls(u) for cls in (c.Capture, c.Work, c.Retire, c.Wait, c.VeinRemove))
        yield c.Special(u, ())
        yield from (c.Special(u, (t,)) for t in others)
        yield c.BossAction(u, ())
        yield from (c.BossAction(u, (colour,)) for colour in state.boss.get("hp", {}))
        for ally in units:
            yield c.Assist(u, ally, ())
            yield from (c.Assist(u, ally, (sq,)) for sq in near)
        yield from (c.Shift(u, slot) for slot in ("red", "green", "blue", "1"))
        yield from (c.Bump(u, sq) for sq in near)
        yield from (c.VeinMove(u, sq) for sq in near)
    for card in p.hand:
        yield c.Discard(card)
        for slot in ("red", "green", "blue", "1", "2"):
            for sq in state.zones[seat]:
                yield c.Deploy(card, slot, sq)
                yield c.HastyDeploy(card, slot, sq)
    yield from (c.Buy(slot) for slot in range(0, 5))
    for card in p.shop_hand:
        yield c.Use(card, ())
        yield from (c.Use(card, (t,)) for t in others)
    yield from (c.VeinTile(sq, side) for sq in squares for side in ("plains", "ruins"))


@pytest.mark.parametrize(
    "players, options",
    [(2, {}), (2, {"bump": "any"}), (3, {"mode": "boss", "boss": "medeus"}), (4, {"mode": "boss"})],
)
def test_legal_commands_are_every_command_decide_accepts(players, options):
    """`legal_commands` builds few candidates and asks them the guards `decide` asks;
    trying every command of a turn through `decide` itself must give the same list."""
    from engine.core.context import Context
    from engine.core.dice import Dice
    from engine.core.errors import RuleViolation

    def accepted(state, seat, command):
        try:
            game.decide(state, seat, command, Context(Dice(0, 0), None))
        except RuleViolation:
            return False
        return True

    state = game.initial_state()
    for fact in game.setup(game.options(players, options), Dice(players, 1)):
        state = game.evolve(state, fact)
    rng = random.Random(players)
    compared = 0
    for step in range(400):
        if game.outcome(state) is not None:
            break
        seat = game.to_act(state)[0]
        if seat == SYSTEM:
            cmd = game.system_command(state, None)
        else:
            legal = game.legal_commands(state, seat)
            if (state.phase == "play" and state.pending is None and state.active != "boss" and compared < 30
                    and (step % 3 == 0 or state.mode == "boss")):
                tried = sorted((c for c in dict.fromkeys(every_command(state, seat)) if accepted(state, seat, c)),
                               key=lambda c: c.notation())
                assert [c.notation() for c in legal] == [c.notation() for c in tried]
                compared += 1
            skills = [c for c in legal if c.verb in ("special", "assist", "boss-action", "react")]
            moves = [c for c in legal if c.verb != "end"]
            cmd = rng.choice(skills if skills and rng.random() < 0.4 else
                             moves if moves and rng.random() > 0.1 else legal)
        for fact in game.decide(state, seat, cmd, Context(Dice(players, step + 2), None)):
            state = game.evolve(state, fact)
    assert compared > 15
