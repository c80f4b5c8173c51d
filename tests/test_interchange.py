"""Import refuses a bad file with FILE:LINE: reason and writes nothing;
verify finds where a record departs from today's rules."""

from __future__ import annotations

import json

import pytest

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
    assert store.game_ids() == []  # nothing written
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
    gf = read_file("x", dump(lines))
    found = verify(gf.header, gf.records)
    assert found is not None and found.step == lines[die]["step"]
    assert "DieRolled" in str(found.expected) and "diverges at step" in str(found)


def test_verify_finds_a_command_the_rules_now_refuse(exported):
    _, lines = exported
    # Make the recorded command one that today's rules refuse (not adjacent).
    swap = next(i for i, x in enumerate(lines) if x.get("text") == "swap 1 2")
    lines[swap]["text"] = "swap 1 3"
    gf = read_file("x", dump(lines))
    found = verify(gf.header, gf.records)
    assert found.step == lines[swap]["step"] and "reject" in str(found.expected)


def test_annotations_travel_with_the_game(exported, memory_store):
    gid, lines = exported
    source = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    assert import_file(source, "a.jsonl", dump(lines)) == gid
    source.add_note(gid, 3, "ann", "the shuffle <b>matters</b>")
    source.add_note(gid, len(lines), "bob", "final roll")
    text = b"".join(export_lines(source, gid))
    notes = [json.loads(x)["annotation"] for x in text.splitlines() if b'"annotation"' in x]
    assert [(n["step"], n["author"]) for n in notes] == [(3, "ann"), (len(lines), "bob")]
    assert import_file(memory_store, "b.jsonl", text) == gid
    keep = ("note", "step", "author", "text", "created")
    assert [{k: n[k] for k in keep} for n in memory_store.notes(gid)] == \
        [{k: n[k] for k in keep} for n in source.notes(gid)]


def test_a_bad_annotation_is_refused(exported, memory_store):
    _, lines = exported
    lines.append({"annotation": {"note": "n1", "step": 999, "author": "a", "text": "t"}})
    rejected(memory_store, lines, len(lines), "outside 1..")
    lines[-1] = {"annotation": {"note": "n1", "step": 2, "author": "a", "text": "x" * 5000}}
    rejected(memory_store, lines, len(lines), "at most 2000 characters")
