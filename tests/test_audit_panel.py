"""The audit panel lists what changed at a step, with a cap for set-up steps."""

from __future__ import annotations

from fastapi.testclient import TestClient

import projections.replay as replay_module
from engine.core.store import open_store
from projections.replay import MAX_CHANGES_SHOWN, Replay, audit, diff
from viewer.app import create_app


def test_a_set_up_step_lists_no_changes_and_the_page_says_why():
    """The set-up group changes everything: no alphabetical slice of it is listed."""
    store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    gid = store.create("fmp", seed=3, players=2)
    replay = Replay(store)
    a = audit(replay, gid, 2, None)
    assert a.first == 1 and a.changes == [] and a.changes_total == 0
    page = TestClient(create_app(store)).get(f"/games/{gid}?step=2", headers={"HX-Request": "true"}).text
    assert 'id="setup-changes"' in page and "What changed (" not in page


def one_move():
    """A Brutality game after its first legal command: (store, game id, replay, its audit)."""
    store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    gid = store.create("brutality", seed=3, players=2)
    live = store.live(gid)
    seat = live.game.to_act(live.session.state)[0]
    store.issue(gid, seat, live.game.legal_commands(live.session.state, seat)[0].notation())
    replay = Replay(store)
    return store, gid, replay, audit(replay, gid, store.live(gid).session.version, None)


def test_a_large_later_step_lists_the_first_changes_and_counts_the_rest(monkeypatch):
    monkeypatch.setattr(replay_module, "MAX_CHANGES_SHOWN", 2)
    store, gid, replay, a = one_move()
    game = store.live(gid).game
    everything = diff(game.view(replay.session(gid, a.first - 1).state, None),
                      game.view(replay.session(gid, a.last).state, None))
    assert a.first > 1 and a.changes_total == len(everything) > 2
    assert a.changes == everything[:2]


def test_a_small_step_lists_every_change():
    a = one_move()[3]
    assert a.changes_total == len(a.changes) <= MAX_CHANGES_SHOWN


def test_an_audits_changes_and_fact_data_are_written_once_and_escaped():
    """viewer/shared.py: the "What changed" rows and a fact's data JSON are
    kept on the audit (which never changes once made) and escaped as the
    template's `{{ }}` and `tojson` escape them."""
    from projections.replay import Audit, AuditFact
    from viewer.shared import audit_changes, fact_json

    fact = AuditFact(2, "Moved", "x", "r", "S", "e", {"to": "<b>&'"}, False)
    audit = Audit(1, 2, "CommandIssued", "a", "move", False, "r", "S", "e", [fact],
                  [("units.<i>", None, "</td>"), ("hp", 3, 2)], 2)
    rows = audit_changes(audit)
    assert rows is audit_changes(audit) and fact_json(fact) is fact_json(fact)
    assert str(rows) == ("<tr><th>units.&lt;i&gt;</th><td>null</td><td>→</td><td>\"\\u003c/td\\u003e\"</td></tr>"
                         "<tr><th>hp</th><td>3</td><td>→</td><td>2</td></tr>")
    assert "<b>" not in str(fact_json(fact)) and "\\u003cb\\u003e\\u0026\\u0027" in str(fact_json(fact))


def test_an_audit_lists_the_facts_its_pages_fold_decoded(monkeypatch):
    """A replay page folds its command group's records once (`Replay.prepare`)
    and its audit lists those facts as the fold decoded them: none is decoded
    a second time, and the audit is the one a fresh decode gives."""
    store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    gid = store.create("fmp", seed=3, players=2)
    replay = Replay(store)
    first, last = replay.index(gid).group(2)
    decodes = []
    with replay.pinned():
        replay.prepare(gid, (first - 1, 1, 2, last))  # as the page does (viewer/app.py)
        real = replay_module.fold.decode_fact
        monkeypatch.setattr(replay_module.fold, "decode_fact", lambda *a: decodes.append(a) or real(*a))
        shared = audit(replay, gid, 2, None)
    monkeypatch.undo()
    fresh = audit(Replay(store), gid, 2, None)  # outside a page: each fact decoded here
    assert len(shared.facts) > 5 and decodes == []
    assert shared.facts == fresh.facts


def test_a_set_up_groups_audit_reads_its_records_with_the_page(monkeypatch):
    """The set-up group starts at step 1, below the step cache's first
    session: its audit's records come from the rows the page read once
    (`Replay.prepare`), not from a second read and decode of the store."""
    store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    gid = store.create("fmp", seed=3, players=2)
    replay = Replay(store)
    first, last = replay.index(gid).group(2)
    assert first == 1
    reads = []
    with replay.pinned():
        replay.prepare(gid, (first - 1, 1, 2, last))
        real = store.rows
        monkeypatch.setattr(store, "rows", lambda *a, **k: reads.append((a, k)) or real(*a, **k))
        shared = audit(replay, gid, 2, None)
    monkeypatch.undo()
    assert reads == []
    assert shared == audit(Replay(store), gid, 2, None)
