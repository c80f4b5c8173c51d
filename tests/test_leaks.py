"""The leak check every game inherits (issue #25, item 3).

For every registered game, every seat and the spectator, while the game
runs: what the whole state shows at any step (its omniscient view, its
position with every hidden order, the seed) that the seat's own view has
never shown it up to that step is a secret of that seat's.  No surface
drawn for that seat may carry one: no redacted fact, timeline line, audit
panel, API record, pushed message or page.

A secret is a word (a card's id, a hidden objective's name): strings of the
state's JSON, and the words of the prose surfaces, compared whole, so that
`red` is not found inside `red-tank-1`.  Numbers are left out (every page is
full of them) except the seed, which is checked as itself.

The hand-made cases at the end show, game by game, that the check sees
what each game hides: with the game's redaction switched off, a secret
reaches a seat through its facts and the check says so.
"""

from __future__ import annotations

import html
import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from engine.core import position as positions
from engine.core import session as fold
from engine.core.game import find_game, game_ids, register
from engine.core.selfplay import pick_seat
from engine.core.store import open_store
from engine.core.visibility import SPECTATOR, header_shown
from projections.replay import Replay, audit
from viewer import live as pushed
from viewer.api import record_out
from viewer.app import create_app

register("duel", "tests.games.duel")
KINDS = [*game_ids(), "duel"]
COMMANDS = {"fmp": 160, "forbidden_alchemy_story": 140}  # how far each game is played (default 100)
WORD = re.compile(r"[A-Za-z][A-Za-z0-9_.:'-]{2,}")


# ---- words ------------------------------------------------------------------------------------
def words_of(data: Any) -> Iterator[str]:
    """Every string value of a JSON value, whole, and the words of prose;
    keys only where they name something (an id: a card, a unit)."""
    if isinstance(data, dict):
        for k, v in data.items():
            if named(k):
                yield k
            yield from words_of(v)
    elif isinstance(data, (list, tuple)):
        for v in data:
            yield from words_of(v)
    elif isinstance(data, str):
        if len(data) >= 3:
            yield data
        if " " in data:
            yield from (w.strip(".,;:'()") for w in WORD.findall(data))


def keys_of(data: Any) -> Iterator[str]:
    """The words a JSON value uses as names of its own fields."""
    if isinstance(data, dict):
        for k, v in data.items():
            yield k
            yield from keys_of(v)
    elif isinstance(data, (list, tuple)):
        for v in data:
            yield from keys_of(v)


def named(word: str) -> bool:
    """An id rather than a word of the language: it has a digit or a dash."""
    return any(c.isdigit() or c == "-" for c in word)


def said(data: Any) -> set[str]:
    return set(words_of(data))


# ---- playing a game and watching every seat ---------------------------------------------------------
class Watch:
    """A game played by random bots, each new record's surfaces checked for
    every watcher as soon as the record is stored (when the least is yet
    revealed), against what that watcher may not know at that moment."""

    def __init__(self, kind: str, seed: int, pages_every: int = 25):
        self.store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
        self.game = find_game(kind)
        players = random.Random(seed).choice(self.game.PLAYER_COUNTS)
        self.gid = self.store.create(kind, seed=seed, players=players)
        self.header = self.store.header(self.gid)
        self.watchers = (*self.header.seats, SPECTATOR)
        self.replay = Replay(self.store)
        self.everything: set[str] = {str(self.header.seed)}
        self.fields: set[str] = set()
        # The header is public (but for the seed), and so is a position's envelope.
        public = said(header_shown(self.header.to_data(), SPECTATOR)) | {positions.FORMAT}
        self.seen = {w: set(public) for w in self.watchers}
        self.pages_every = pages_every
        self.client = None
        self.done = 0
        self.found: list[str] = []

    def secrets(self, watcher: str) -> set[str]:
        """What the whole state has named (its omniscient view, its position
        with every hidden order, the seed) that the watcher's own views have
        not, the names of fields left out (`deck`, `hand`: the vocabulary)."""
        return self.everything - self.seen[watcher] - {f for f in self.fields if not named(f)}

    def learn(self, step: int, waiting: bool) -> None:
        state = self.store.session_at(self.gid, step).state
        whole = [self.game.view(state, None)]
        if waiting and positions.startable(self.game):
            whole.append(positions.write(self.game, state))  # where a player acts: every hidden order
        for data in whole:
            self.everything |= said(data)
            self.fields |= set(keys_of(data))
        for w in self.watchers:
            mine = self.game.view(state, w)
            self.seen[w] |= said(mine)
            self.fields |= set(keys_of(mine))

    def play(self, commands: int) -> Watch:
        rng = random.Random(self.header.seed)
        self.check()
        for n in range(commands):
            state = self.store.live(self.gid).session.state
            if self.game.outcome(state) is not None:
                break
            seat, legal = pick_seat(self.game, state, rng)
            self.store.issue(self.gid, seat, rng.choice(legal).notation())
            self.check(pages=(n + 1) % self.pages_every == 0)
        return self

    def check(self, pages: bool = False) -> None:
        live = self.store.live(self.gid)
        if self.game.outcome(live.session.state) is not None:
            return  # a finished game is shown whole: nothing is secret any more
        head = live.session.version
        for step in range(self.done + 1, head + 1):
            self.learn(step, waiting=step == head)
        for step in range(self.done + 1, head + 1):
            for w in self.watchers:
                secrets = self.secrets(w)
                for name, drawn in surfaces(self.store, self.replay, self.gid, w, step).items():
                    if shown := said(drawn) & secrets:
                        self.found.append(f"{w or 'spectator'}, step {step}, {name}: {sorted(shown)[:5]}")
        self.done = head
        if pages:
            self.check_pages()

    def check_pages(self) -> None:
        """The pages drawn now for each seat and for a spectator."""
        self.client = self.client or TestClient(create_app(self.store))
        tokens = self.store.seats.tokens(self.gid)
        pages = {seat: f"/games/{self.gid}/play/{tokens[seat]}" for seat in self.header.seats}
        pages[SPECTATOR] = f"/games/{self.gid}"
        for w, url in pages.items():
            html = self.client.get(url).text
            words = said(re.sub(r"<[^>]*>", " ", html))
            for attr in re.findall(r"(?:data-[a-z-]+|title|value|aria-label)=(?:\"([^\"]*)\"|'([^']*)')", html):
                words |= said(html_text(attr[0] or attr[1]))
            if shown := words & self.secrets(w):
                self.found.append(f"{w or 'spectator'}, page at step {self.done}: {sorted(shown)[:5]}")


def html_text(attr: str) -> Any:
    """An attribute's value: JSON where it holds some (the pointing data)."""
    text = html.unescape(attr)
    try:
        return json.loads(text) if text[:1] in "[{" else text
    except ValueError:
        return text


def surfaces(store, replay, gid, watcher: str, step: int) -> dict[str, Any]:
    """What is drawn for `watcher` of record `step` while the game runs."""
    game = store.live(gid).game
    record = store.rows(gid, step - 1, step)[0]
    idx = replay.index(gid)
    # Prose (a timeline line, a fact described) is checked for names only: its
    # words of the language are the game's vocabulary, and the rule table's
    # explanations are public text for everyone.
    out = {"api record": record_out(game, record, watcher, idx.revealed, False),
           "timeline line": [w for w in said(idx.shown_line(step, watcher, False).text) if named(w)]}
    if record.kind == fold.FACT:
        out["redacted fact"] = out["api record"]["data"]
    a = audit(replay, gid, step, watcher)
    out["audit panel"] = [a.command, [f.data for f in a.facts], [list(c) for c in a.changes],
                          [w for f in a.facts for w in said(f.text) if named(w)]]
    return out


# ---- every game, every seat ----------------------------------------------------------------------
@pytest.mark.parametrize("kind", KINDS)
def test_no_surface_shows_a_seat_what_it_has_not_seen(kind):
    watch = Watch(kind, seed=7).play(COMMANDS.get(kind, 100))
    assert watch.found == []


def test_the_pushed_stream_carries_step_numbers_only():
    """The live stream sends a step number, never a record: a page then
    asks for its own view (viewer/live.py)."""
    assert pushed._event("version", 12) == "id: 12\nevent: version\ndata: 12\n\n"
    with pytest.raises(TypeError):
        pushed._event("version", "a card")


# ---- the check sees what each game hides -------------------------------------------------------------
@pytest.mark.parametrize("kind", [k for k in KINDS if k not in ("forbidden_alchemy",)])
def test_with_redaction_switched_off_the_check_finds_a_leak(kind, monkeypatch):
    """A game's facts passed whole to every seat: the check must catch it.
    (The Alchemy puzzle has one seat and hides nothing from it.)"""
    game = find_game(kind)
    monkeypatch.setattr(game, "redact", lambda event, seat: event.to_data())
    watch = Watch(kind, seed=7, pages_every=10**9).play(COMMANDS.get(kind, 100))
    assert any(watch.secrets(w) for w in watch.watchers), f"{kind}: the check sees no secret at all"
    assert watch.found, f"{kind}: facts passed whole, yet the check found nothing"
