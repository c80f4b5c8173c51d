"""Import refuses a bad file with FILE:LINE: reason and writes nothing;
verify finds where a record departs from today's rules."""

from __future__ import annotations

import json
from dataclasses import replace
from uuid import uuid4, uuid5

import pytest
from eventsourcing.utils import get_topic

from engine.core.errors import ImportRejected
from engine.core.interchange import export_lines, import_file, read_file, verify
from engine.core.store import open_store

KIND, SEAT = "forbidden_alchemy", "investigator"


@pytest.fixture
def exported():
    """A finished game exported from a store of its own (`memory_store` is the target)."""
    source = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    gid = source.create(KIND, seed=21)
    source.issue(gid, SEAT, "swap 1 2")
    source.undo(gid, SEAT)
    source.issue(gid, SEAT, "replace 2")
    source.issue(gid, SEAT, "stop")
    lines = [json.loads(x) for x in b"".join(export_lines(source, gid)).splitlines()]
    return gid, lines


def dump(lines) -> bytes:
    return b"".join((x if isinstance(x, bytes) else json.dumps(x).encode()) + b"\n" for x in lines)


def rejected(store, lines, line_no, words):
    with pytest.raises(ImportRejected) as e:
        import_file(store, "bad.jsonl", dump(lines))
    assert e.value.line == line_no, str(e.value)
    assert words in e.value.reason, str(e.value)
    assert str(e.value).startswith(f"bad.jsonl:{line_no}: ")
    assert store.catalogue.game_ids() == []  # nothing written
    return e.value


def test_the_header_says_what_the_game_is(exported):
    gid, lines = exported
    header = lines[0]
    assert header["format"] == "boardlog-game" and header["format_version"] == 1
    assert header["game"] == str(gid) and header["kind"] == KIND
    assert {"rules_version", "seed", "options", "seats", "parent", "fork_step"} <= set(header)
    assert [x["step"] for x in lines[1:]] == list(range(2, len(lines) + 1))


def test_broken_json(exported, memory_store):
    _, lines = exported
    lines[3] = b'{"step": 4, "kind": '
    rejected(memory_store, lines, 4, "broken JSON")


def test_unknown_event_type(exported, memory_store):
    _, lines = exported
    fact = next(i for i, x in enumerate(lines) if x.get("kind") == "Happened")
    lines[fact]["type"] = "DragonSummoned"
    rejected(memory_store, lines, fact + 1, "unknown event type 'DragonSummoned'")


def test_sequence_gap(exported, memory_store):
    _, lines = exported
    del lines[5]
    rejected(memory_store, lines, 6, "sequence gap: expected step 6")


def test_event_that_does_not_fit_the_game(exported, memory_store):
    _, lines = exported
    # An undo where nothing can be undone: the fold refuses it.
    undo = next(i for i, x in enumerate(lines) if x.get("kind") == "CommandUndone")
    lines[undo]["cause"] = 2
    rejected(memory_store, lines, undo + 1, "does not fit the game")


def test_event_with_wrong_fields(exported, memory_store):
    _, lines = exported
    fact = next(i for i, x in enumerate(lines) if x.get("type") == "PiecesSwapped")
    lines[fact]["data"] = {"first": 1}
    rejected(memory_store, lines, fact + 1, "fields do not fit")


def test_unknown_game_in_header(exported, memory_store):
    _, lines = exported
    lines[0]["kind"] = "chess"
    rejected(memory_store, lines, 1, "unknown game 'chess'")


def test_unknown_rule_id(exported, memory_store):
    _, lines = exported
    lines[2]["rule"] = "forbidden_alchemy.made-up"
    rejected(memory_store, lines, 3, "unknown rule id")


def test_an_existing_game_is_not_overwritten(exported, memory_store):
    gid, lines = exported
    assert import_file(memory_store, "ok.jsonl", dump(lines)) == gid
    with pytest.raises(ImportRejected, match="already in"):
        import_file(memory_store, "ok.jsonl", dump(lines))


def test_an_unreadable_file(tmp_path, memory_store):
    with pytest.raises(ImportRejected, match="cannot read file"):
        import_file(memory_store, str(tmp_path / "missing.jsonl"))


def test_verify_finds_a_tampered_die(exported):
    _, lines = exported
    die = next(i for i, x in enumerate(lines) if x.get("type") == "DieRolled")
    assert verify(read_file("x", dump(lines)).header, read_file("x", dump(lines)).records) is None
    lines[die]["data"]["value"] = lines[die]["data"]["value"] % 10 + 1
    gf = read_file("x", dump(lines), decide=False)
    found = verify(gf.header, gf.records)
    assert found is not None and found.step == lines[die]["step"]
    assert "DieRolled" in str(found.expected) and "diverges at step" in str(found)


def test_verify_finds_a_command_the_rules_now_refuse(exported):
    _, lines = exported
    # Make the recorded command one that today's rules refuse (not adjacent).
    swap = next(i for i, x in enumerate(lines) if x.get("text") == "swap 1 2")
    lines[swap]["text"] = "swap 1 3"
    gf = read_file("x", dump(lines), decide=False)
    found = verify(gf.header, gf.records)
    assert found.step == lines[swap]["step"] and "reject" in str(found.expected)


def test_annotations_travel_with_the_game(exported, memory_store):
    gid, lines = exported
    source = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    assert import_file(source, "a.jsonl", dump(lines)) == gid
    source.notes.add(gid, 3, "ann", "the shuffle <b>matters</b>")
    source.notes.add(gid, len(lines), "bob", "final roll")
    text = b"".join(export_lines(source, gid))
    notes = [json.loads(x)["annotation"] for x in text.splitlines() if b'"annotation"' in x]
    assert [(n["step"], n["author"]) for n in notes] == [(3, "ann"), (len(lines), "bob")]
    assert import_file(memory_store, "b.jsonl", text) == gid
    keep = ("note", "step", "author", "text", "created")
    assert [{k: n[k] for k in keep} for n in memory_store.notes.of(gid)] == \
        [{k: n[k] for k in keep} for n in source.notes.of(gid)]


def test_a_bad_annotation_is_refused(exported, memory_store):
    _, lines = exported
    lines.append({"annotation": {"note": "n1", "step": 999, "author": "a", "text": "t"}})
    rejected(memory_store, lines, len(lines), "outside 1..")
    lines[-1] = {"annotation": {"note": "n1", "step": 2, "author": "a", "text": "x" * 5000}}
    rejected(memory_store, lines, len(lines), "at most 2000 characters")


# ---- one schema for every way in (issue #12, item 1) ------------------------------------------
def _first(lines, **match):
    return next(i for i, x in enumerate(lines) if all(x.get(k) == v for k, v in match.items()))


@pytest.mark.parametrize("change, words", [
    (lambda ls: ls[_first(ls, kind="CommandIssued")].update(commit="yes"), "commit: expected bool"),
    (lambda ls: ls[_first(ls, kind="CommandIssued")].update(seat=["investigator"]), "seat: expected str"),
    (lambda ls: ls[_first(ls, kind="CommandIssued")].update(seat={"a": 1}), "seat: expected str"),
    (lambda ls: ls[_first(ls, kind="CommandIssued")].update(text=12), "text: expected str"),
    (lambda ls: ls[_first(ls, kind="CommandIssued")].update(command=[1]), "command: expected object"),
    (lambda ls: ls[_first(ls, kind="Happened")].update(kind=["Happened"]), "unknown record kind"),
    (lambda ls: ls[_first(ls, kind="Happened")].update(data="x"), "data: expected object"),
    (lambda ls: ls[_first(ls, kind="Happened")].update(timestamp="yesterday"), "not an ISO date"),
    (lambda ls: ls[_first(ls, kind="CommandUndone")].update(seat=1), "seat: expected str"),
    (lambda ls: ls[_first(ls, kind="Happened")].update(cause=2), "must be its command's step"),
    (lambda ls: ls[_first(ls, type="PuzzlePieceDrawn")].update(cause=13), "must be its command's step"),
    (lambda ls: ls[_first(ls, kind="CommandIssued")].update(rule="core.undo"), "carries rule core.command"),
    (lambda ls: ls[_first(ls, kind="CommandIssued")].update(cause=2), "must be its own step"),
])
def test_a_record_that_does_not_fit_the_schema_is_refused(exported, memory_store, change, words):
    _, lines = exported
    before = [dict(x) for x in lines]
    change(lines)
    line = next(i for i, (a, b) in enumerate(zip(before, lines, strict=True)) if a != b) + 1
    rejected(memory_store, lines, line, words)


@pytest.mark.parametrize("field, value, words", [
    ("parent", 5, "parent: expected str | null"),
    ("parent", {"id": "x"}, "parent: expected str | null"),
    ("parent", "not-a-game", "is not a game id"),
    ("seed", 2**64, "seed: expected int"),
    ("seed", 2**63, "seed: expected int <= "),
    ("seed", "12", "seed: expected int"),
    ("seed", 1.5, "seed: expected int"),
    ("options", {"tile": {"x": 1}}, "options"),
    ("options", {"tile": "10A", "dragons": "yes"}, "not what forbidden_alchemy makes"),
    ("options", ["tile"], "options: expected object"),
    ("seats", "investigator", "seats: expected array"),
    ("fork_step", "3", "fork_step: expected int"),
    ("rules_version", 1, "rules_version: expected str"),
    ("game", 7, "game: expected str, got int"),
])
def test_a_header_that_does_not_fit_the_schema_is_refused(exported, memory_store, field, value, words):
    _, lines = exported
    lines[0][field] = value
    rejected(memory_store, lines, 1, words)


@pytest.mark.parametrize("note, words", [
    ({"note": "n1", "step": 2, "author": "a", "text": 5}, "text: expected str"),
    ({"note": "n1", "step": 2, "author": ["a"], "text": "t"}, "author: expected str"),
    ({"note": 1, "step": 2, "author": "a", "text": "t"}, "note: expected str"),
    ({"note": "n1", "step": "2", "author": "a", "text": "t"}, "step: expected int"),
    ({"note": "n1", "step": 2, "author": "a", "text": "t", "extra": 1}, "unknown field"),
    ("just text", "an annotation needs"),
])
def test_an_annotation_that_does_not_fit_the_schema_is_refused(exported, memory_store, note, words):
    _, lines = exported
    lines.append({"annotation": note})
    rejected(memory_store, lines, len(lines), words)


def _game_file(gid, lines) -> bytes:
    lines = [dict(x) for x in lines]
    lines[0] = {**lines[0], "game": str(gid)}
    return dump(lines)


@pytest.mark.parametrize("name", ["notes", "seat-keys", "summary"])
def test_an_import_cannot_take_a_derived_stream_id(exported, memory_store, name):
    gid, lines = exported
    victim = memory_store.create(KIND, seed=3)
    memory_store.notes.add(victim, 1, "ann", "mine")
    with pytest.raises(ImportRejected, match="cannot be used") as e:
        import_file(memory_store, "evil.jsonl", _game_file(uuid5(victim, name), lines))
    assert e.value.line == 1
    assert memory_store.catalogue.game_ids() == [victim]
    assert [n["text"] for n in memory_store.notes.of(victim)] == ["mine"]


def test_an_import_whose_derived_streams_exist_is_refused(exported, memory_store):
    gid, lines = exported
    # Someone else's stream already sits where this game's seat keys would go.
    memory_store.seats.issue(gid, ("x",))
    with pytest.raises(ImportRejected, match="cannot be used"):
        import_file(memory_store, "a.jsonl", dump(lines))
    assert memory_store.catalogue.game_ids() == []


def test_a_store_with_a_collision_still_lists_its_games(exported, memory_store):
    """A store written by the old, looser import: a game stored under a
    victim's derived ids, and a game whose records do not fit the schema."""
    from engine.core.errors import GameUnreadable
    from engine.core.interchange import read_file as read

    gid, lines = exported
    gf = read("x", dump(lines))
    victim = memory_store.create(KIND, seed=3)
    for name in ("notes", "summary"):  # bypassing import's checks
        memory_store.catalogue.write_game(uuid5(victim, name), gf.header, gf.records, created=gf.created)
    memory_store.issue(victim, SEAT, "stop")
    bad = memory_store.create(KIND, seed=4)
    from engine.core.log import GameLog
    memory_store.events.put([GameLog.CommandIssued(
        originator_id=bad, originator_version=memory_store.head_version(bad) + 1,
        timestamp=GameLog.Event.create_timestamp(), seat=["x"], text="swap 1 2",
        command={"verb": "swap", "first": 1, "second": 2}, commit="yes", rule="core.command",
        cause=memory_store.head_version(bad) + 1)])
    for gid in (victim, bad):
        memory_store.reader.forget(gid)
    rows = {r.id: r for r in memory_store.catalogue.summaries()}
    assert len(rows) == 4
    assert rows[victim].status == "finished" and rows[victim].steps > 1
    assert rows[bad].status == "unreadable" and "cannot be read" in rows[bad].outcome
    assert all(rows[uuid5(victim, n)].status == "finished" for n in ("notes", "summary"))
    assert memory_store.catalogue.resolve(victim.hex[:8]) == victim
    assert memory_store.live(victim).session.version == rows[victim].steps
    with pytest.raises(GameUnreadable, match="notes"):
        memory_store.notes.of(victim)
    with pytest.raises(GameUnreadable, match="cannot be read"):
        memory_store.live(bad)


def test_a_header_that_does_not_fit_makes_one_game_unreadable(memory_store):
    from engine.core.errors import GameUnreadable
    from engine.core.log import GameLog

    good = memory_store.create(KIND, seed=1)
    bad = uuid4()
    memory_store.events.put([GameLog.Started(
        originator_id=bad, originator_version=1, timestamp=GameLog.Event.create_timestamp(),
        originator_topic=get_topic(GameLog), rule="core.setup", cause=1, kind=KIND, seed=1,
        options={"tile": "10A", "investigator": "jenny-barnes", "investigators": 1},
        seats=["investigator"], rules_version="1", parent=5, fork_step=None)])
    rows = {r.id: r for r in memory_store.catalogue.summaries()}
    assert rows[good].status == "running" and rows[bad].status == "unreadable"
    assert "parent" in rows[bad].outcome
    with pytest.raises(GameUnreadable, match="parent"):
        memory_store.live(bad)


def test_import_and_fork_write_seat_keys_with_the_game(exported, memory_store):
    gid, lines = exported
    assert import_file(memory_store, "a.jsonl", dump(lines)) == gid
    assert set(memory_store.seats.tokens(gid)) == {SEAT, "*"}
    assert memory_store.head_version(uuid5(gid, "seat-keys")) == 1


# ---- verify checks everything a record says (issue #12, item 5) -------------------------------
def _tampered(lines, change):
    gf = read_file("x", dump(lines))
    assert verify(gf.header, gf.records) is None
    header = change(gf) or gf.header
    return verify(header, gf.records)


def _record(gf, **match):
    return next(r for r in gf.records if all(r.data.get(k) == v or (k == "kind" and r.kind == v)
                                                for k, v in match.items()))


@pytest.mark.parametrize("change, words", [
    # a fact's cause is not its command's step
    (lambda gf: _record(gf, kind="Happened", type="PuzzlePieceDrawn").data.update(cause=13), "cause"),
    (lambda gf: _record(gf, kind="CommandIssued", text="stop").data.update(cause=3), "cause"),
    # the command's data disagrees with its text
    (lambda gf: _record(gf, kind="CommandIssued", text="swap 1 2").data.update(
        command={"verb": "swap", "first": 5, "second": 6}), "command data"),
    # a seat that is not in the header
    (lambda gf: _record(gf, kind="CommandIssued", text="stop").data.update(seat="keeper"), "seat 'keeper'"),
    # a player's command recorded as the system's
    (lambda gf: _record(gf, kind="CommandIssued", text="stop").data.update(seat="system"), "system"),
    # an unknown rule id, on a fact and on a command
    (lambda gf: _record(gf, kind="Happened", type="DieRolled").data.update(rule="x.made-up"), "unknown rule id"),
    (lambda gf: _record(gf, kind="CommandIssued", text="stop").data.update(rule="core.undo"), "core.command"),
    # a record that does not fit the schema
    (lambda gf: _record(gf, kind="CommandIssued", text="stop").data.update(commit="yes"), "commit"),
    # undo by a seat that did not issue the command
    (lambda gf: _record(gf, kind="CommandUndone").data.update(seat="system"), "CommandUndone by"),
    # unknown or changed options, and seats that do not follow from them
    (lambda gf: replace(gf.header, options={**gf.header.options, "dragons": "yes"}), "options"),
    (lambda gf: replace(gf.header, options={**gf.header.options, "investigators": "1"}), "options"),
    (lambda gf: replace(gf.header, seats=("investigator", "keeper")), "seats"),
    # the commit flag
    (lambda gf: _record(gf, kind="CommandIssued", text="stop").data.update(commit=False), "commit point"),
])
def test_verify_finds_every_kind_of_tampering(exported, change, words):
    _, lines = exported
    found = _tampered(lines, change)
    assert found is not None, "a tampered record read identical"
    assert words in str(found), str(found)


def test_the_system_seat_must_be_what_the_game_would_issue(exported):
    """A `system` command is re-decided as the system's: a game without
    automated turns never has one."""
    _, lines = exported
    found = _tampered(lines, lambda gf: _record(gf, kind="CommandIssued", text="swap 1 2").data.update(seat="system"))
    assert found is not None and "system's own command" in str(found.expected)
