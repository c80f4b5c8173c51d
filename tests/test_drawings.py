"""Glyphs and shapes on notes (issue #14, item 3): stored as events, folded,
exported and imported, checked (naming the field), and drawn over the board
of every registered game at the places its own picture draws."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from uuid import uuid5

import pytest
from fastapi.testclient import TestClient

from engine.core.errors import BadInput, ImportRejected
from engine.core.game import game_ids
from engine.core.interchange import export_lines, import_file
from engine.core.notes import MAX_SHAPES
from engine.core.store import Store, open_store
from viewer.app import create_app
from viewer.boards import hex_board
from viewer.drawings import drawings_layer, format_shapes, parse_shapes

KIND = "forbidden_alchemy"
HX = {"HX-Request": "true"}
SVG = "{http://www.w3.org/2000/svg}"
ARROW = {"kind": "arrow", "from": "1", "to": "3", "colour": "red"}
CIRCLE = {"kind": "circle", "at": "2", "colour": "blue"}


# ---- store, fold, export, import ----------------------------------------------------------------
def test_glyph_and_shapes_are_stored_folded_and_agree_with_the_library(store: Store):
    gid = store.create(KIND, seed=1)
    plain = store.notes.add(gid, 1, "ann", "no marks")
    marked = store.notes.add(gid, 2, "bob", "look", glyph="!?", shapes=[ARROW, CIRCLE])
    notes = {n["note"]: n for n in store.notes.of(gid)}
    assert notes[plain]["glyph"] is None and notes[plain]["shapes"] == []
    assert notes[marked]["glyph"] == "!?" and notes[marked]["shapes"] == [ARROW, CIRCLE]
    store.notes.edit(gid, marked, "bob", "look again")  # text only: the marks stay
    assert store.notes.at(gid, 2)[0]["shapes"] == [ARROW, CIRCLE]
    store.notes.edit(gid, marked, "bob", "plainer", glyph="", shapes=[CIRCLE])
    edited = store.notes.at(gid, 2)[0]
    assert edited["glyph"] is None and edited["shapes"] == [CIRCLE]
    aggregate = store.repository.get(uuid5(gid, "notes"))
    assert sorted(aggregate.items.values(), key=lambda n: (n["step"], n["created"])) == store.notes.of(gid)


def test_a_note_without_marks_keeps_the_old_record_shape(memory_store: Store):
    gid = memory_store.create(KIND, seed=1)
    memory_store.notes.add(gid, 1, "ann", "plain")
    memory_store.notes.add(gid, 1, "ann", "marked", glyph="!")
    rows = memory_store.db.rows(uuid5(gid, "notes"), 0, None)
    plain, marked = (r[2] for r in rows[1:])
    assert b"glyph" not in plain and b"shapes" not in plain
    assert b'"glyph":"!"' in marked and b"shapes" not in marked


def test_export_and_import_carry_glyph_and_shapes(tmp_path):
    store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    gid = store.create(KIND, seed=1)
    store.notes.add(gid, 1, "ann", "plain")
    store.notes.add(gid, 2, "bob", "drawn", glyph="??", shapes=[ARROW, CIRCLE])
    lines = list(export_lines(store, gid))
    plain_line = next(ln for ln in lines if b'"plain"' in ln)
    assert b"glyph" not in plain_line  # an old reader sees the old annotation shape
    path = tmp_path / "game.jsonl"
    path.write_bytes(b"".join(lines))
    other = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    new_id = import_file(other, str(path))
    drawn = other.notes.at(new_id, 2)[0]
    assert drawn["glyph"] == "??" and drawn["shapes"] == [ARROW, CIRCLE]
    assert b"".join(export_lines(other, new_id)) == b"".join(lines)


def test_import_refuses_a_bad_shape_naming_the_line_and_field(tmp_path):
    store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    gid = store.create(KIND, seed=1)
    store.notes.add(gid, 1, "ann", "drawn", shapes=[CIRCLE])
    text = b"".join(export_lines(store, gid)).replace(b'"blue"', b'"purple"')
    path = tmp_path / "bad.jsonl"
    path.write_bytes(text)
    with pytest.raises(ImportRejected, match="shapes: shape 1 has colour 'purple'"):
        import_file(open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"}), str(path))


@pytest.mark.parametrize("glyph, shapes, message", [
    ("!!!", None, "glyph: '!!!' is not one of"),
    (None, [{"kind": "square", "at": "1"}], "shapes: shape 1 has kind 'square'"),
    (None, [{"kind": "arrow", "from": "1"}], "shapes: shape 1 (arrow) needs `to`"),
    (None, [{"kind": "circle", "at": "1", "colour": "pink"}], "shapes: shape 1 has colour 'pink'"),
    (None, [{"kind": "circle", "at": "1", "size": 3}], "shapes: shape 1 (circle) has unknown fields size"),
    (None, [CIRCLE] * (MAX_SHAPES + 1), f"shapes: at most {MAX_SHAPES} shapes"),
])
def test_bad_marks_are_refused_naming_the_field(memory_store: Store, glyph, shapes, message):
    gid = memory_store.create(KIND, seed=1)
    with pytest.raises(BadInput, match=re.escape(message)):
        memory_store.notes.add(gid, 1, "ann", "x", glyph=glyph, shapes=shapes)
    assert memory_store.notes.of(gid) == []


def test_the_text_form_reads_and_writes_shapes():
    shapes = parse_shapes("arrow e4 e6 green; circle c3 red\nd4 d5; c1 yellow")
    assert shapes == [{"kind": "arrow", "from": "e4", "to": "e6", "colour": "green"},
                      {"kind": "circle", "at": "c3", "colour": "red"},
                      {"kind": "arrow", "from": "d4", "to": "d5", "colour": "green"},
                      {"kind": "circle", "at": "c1", "colour": "yellow"}]
    assert parse_shapes(format_shapes(shapes)) == shapes
    with pytest.raises(BadInput, match="shapes: 'arrow e4'"):
        parse_shapes("arrow e4")


# ---- the viewer: forms, API, overlay -----------------------------------------------------------
@pytest.fixture
def viewer():
    store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    return store, TestClient(create_app(store))


def _board_svg(html: str) -> ET.Element:
    """The board's outermost <svg> of a replay page."""
    start = html.index("<svg", html.index('id="board"'))
    end = html.rindex("</svg>", start, html.index('class="audit"')) + len("</svg>")
    return ET.fromstring(html[start:end])


def _centre(points: str) -> tuple[float, float]:
    pts = [tuple(map(float, p.split(","))) for p in points.split()]
    return sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts)


def _two_places(kind: str, svg: ET.Element) -> dict[str, tuple[float, float]]:
    """Two places of the board and where its own picture draws them, found in
    the picture (or, for FMP, whose terrain is one path, its hex map)."""
    if kind == "fmp":
        geo = hex_board(37, 23, 16)
        return {p: (geo[p].x, geo[p].y) for p in ("D4", "H9")}
    found = {}
    for el in svg.iter():
        ident = el.get("id") or ""
        if kind in ("brutality", "roundtable") and ident.startswith("square-"):
            x, y = _centre(el.get("points"))
            shift = (18, 16) if kind == "brutality" else (0, 0)  # brutality's map is in translate(18,16)
            found[ident[7:]] = (x + shift[0], y + shift[1])
        elif kind in ("promised_day", "forbidden_alchemy_story") and ident.startswith("space-"):
            c = el.find(f".//{SVG}circle")
            shift = 48 if kind == "promised_day" else 0  # Central City is in translate(0 48)
            found[ident[6:]] = (float(c.get("cx")), float(c.get("cy")) + shift)
        elif kind == "forbidden_alchemy" and ident.startswith("edge-"):
            found[ident[5:]] = _centre(el.find(f".//{SVG}polygon").get("points"))
    places = sorted(found)
    return {p: found[p] for p in (places[0], places[-1])}


@pytest.mark.parametrize("kind", game_ids())
def test_a_notes_arrow_and_circle_are_drawn_at_their_places(viewer, kind):
    store, client = viewer
    gid = store.create(kind, seed=1)
    step = store.live(gid).session.version
    places = _two_places(kind, _board_svg(client.get(f"/games/{gid}?step={step}").text))
    (a, pa), (b, pb) = places.items()
    typed = f"arrow {a.lower()} {b} red; circle {b} blue"  # typed places match whatever the case
    r = client.post(f"/games/{gid}/notes", data={"step": step, "author": "ann", "text": "see",
                                                 "glyph": "!?", "shapes": typed}, headers=HX)
    assert r.status_code == 200, r.text
    assert store.notes.at(gid, step)[0]["shapes"] == [
        {"kind": "arrow", "from": a, "to": b, "colour": "red"}, {"kind": "circle", "at": b, "colour": "blue"}]
    svg = _board_svg(r.text)
    layer = svg.find(f"{SVG}g[@class='drawings']")
    assert layer is not None and svg[-1] is layer  # on top of everything the board drew
    (line,) = layer.findall(f"{SVG}line")
    (ring,) = layer.findall(f"{SVG}circle")
    assert "red" in line.get("class") and line.get("marker-end") == "url(#draw-head-red)"
    for got, want in (((line.get("x1"), line.get("y1")), pa), ((line.get("x2"), line.get("y2")), pb),
                      ((ring.get("cx"), ring.get("cy")), pb)):
        assert float(got[0]) == pytest.approx(want[0], abs=0.11) and float(got[1]) == pytest.approx(want[1], abs=0.11)
    assert '<strong class="note-glyph">!?</strong>' in r.text


def test_the_timeline_shows_a_notes_glyph(viewer):
    store, client = viewer
    gid = store.create(KIND, seed=1)
    store.notes.add(gid, 2, "ann", "good", glyph="!!")
    page = client.get(f"/games/{gid}?step=2").text
    timeline = page[page.index('id="timeline"'):]
    assert re.search(r'class="note-mark"[^✎]*✎</span> <strong class="note-glyph"[^>]*>!!</strong>', timeline)


def test_the_form_refuses_an_unknown_place_or_glyph_naming_the_field(viewer):
    store, client = viewer
    gid = store.create(KIND, seed=1)
    bad_place = client.post(f"/games/{gid}/notes", data={"step": 3, "author": "ann", "text": "x",
                                                         "shapes": "arrow 1 Z9"}, headers=HX)
    assert bad_place.status_code == 422 and "shapes: shape 1 (arrow): &#39;Z9&#39; is not a place" in bad_place.text
    bad_glyph = client.post(f"/games/{gid}/notes", data={"step": 3, "author": "ann", "text": "x",
                                                         "glyph": "?!?"}, headers=HX)
    assert bad_glyph.status_code == 422 and "glyph: " in bad_glyph.text
    assert store.notes.of(gid) == []


def test_editing_in_the_form_replaces_the_shapes(viewer):
    store, client = viewer
    gid = store.create(KIND, seed=1)
    note = store.notes.add(gid, 3, "ann", "x", shapes=[ARROW])
    r = client.post(f"/games/{gid}/notes/{note}/edit", data={"step": 3, "author": "ann", "text": "y",
                                                             "glyph": "?", "shapes": "circle 4 yellow"},
                    follow_redirects=False)
    assert r.status_code == 303
    assert store.notes.at(gid, 3)[0]["shapes"] == [{"kind": "circle", "at": "4", "colour": "yellow"}]
    page = client.get(f"/games/{gid}?step=3").text
    assert 'value="circle 4 yellow"' in page and '<option value="?" selected>' in page


def test_the_api_takes_and_returns_glyph_and_shapes(viewer):
    store, client = viewer
    gid = store.create(KIND, seed=1)
    url = f"/api/games/{gid}/notes"
    r = client.post(url, json={"step": 3, "author": "ann", "text": "x", "glyph": "!",
                               "shapes": [{"kind": "arrow", "from": "1", "to": "3", "colour": "red"}]})
    assert r.status_code == 201, r.text
    assert r.json()["glyph"] == "!" and r.json()["shapes"] == [ARROW]
    note = r.json()["note"]
    kept = client.put(f"{url}/{note}", json={"author": "ann", "text": "y"})
    assert kept.json()["shapes"] == [ARROW] and kept.json()["glyph"] == "!"
    cleared = client.put(f"{url}/{note}", json={"author": "ann", "text": "z", "glyph": "", "shapes": []})
    assert cleared.json()["shapes"] == [] and cleared.json()["glyph"] is None
    bad = client.post(url, json={"step": 3, "author": "ann", "text": "x",
                                 "shapes": [{"kind": "circle", "at": "99"}]})
    assert bad.status_code == 422 and bad.json()["detail"].startswith("shapes: shape 1 (circle): '99'")
    schema = client.get("/openapi.json").json()["components"]["schemas"]
    assert {"glyph", "shapes"} <= set(schema["NoteIn"]["properties"]) and "Shape" in schema


def test_the_drawings_layer_escapes_what_it_writes():
    """The layer is written in Python (viewer/drawings.py `drawings_layer`): a
    note id or title, or the places' JSON, cannot end an attribute or open a tag."""
    d = {"places": '{"a":[1,2]}', "unit": "10", "width": "1.4", "r": "4.2",
         "marks": [{"kind": "circle", "colour": "red", "stroke": "#882020", "note": '"><script>',
                    "title": "circle <b> & red", "cx": "1", "cy": "2"}]}
    layer = str(drawings_layer(d))
    assert "<script>" not in layer and "<b>" not in layer and 'data-places="{&#34;a&#34;' in layer
    root = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{layer}</svg>')
    (ring,) = root.iter(f"{SVG}circle")
    assert ring.get("data-note") == '"><script>' and ring.find(f"{SVG}title").text == "circle <b> & red"
    assert str(drawings_layer(None)) == ""
