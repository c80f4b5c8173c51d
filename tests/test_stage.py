"""The replay page's stage, written in Python (viewer/stage.py, issue #24):
what anyone writes into it (a note's text and author, a seat's name, an
error) comes out escaped; every step link keeps the page's `by` and
`seat`; the computer analysis block shows what its status says; the whole
page, a step partial and a note form's answer carry the same stage; who
may change a note gets its forms.  (The writer was checked byte for byte
against the template it replaced over thousands of renders of every game
kind; these tests pin the behaviour, not the bytes.)"""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from fastapi.testclient import TestClient

import viewer.app as viewer_app
from analysis.jobs import Analyses, Progress
from analysis.search import Budget
from engine.core.accounts import AccountBook
from engine.core.interchange import import_any
from engine.core.store import open_store
from viewer import analysis_pages
from viewer.app import create_app
from viewer.stage import stage_html

FIXTURES = Path(__file__).parent.parent / "fixtures" / "games"
HX = {"HX-Request": "true"}
SITE = {"Origin": "http://testserver"}
HOSTILE_AUTHOR = "<script>alert('a')</script>"
HOSTILE_TEXT = 'Tom & "Jerry" <b>bold</b>'


@pytest.fixture(scope="module")
def site():
    """An in-memory store with two finished fixture games and a running one."""
    store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    story = import_any(store, str(FIXTURES / "forbidden_alchemy_story-1.jsonl"))[0]
    round_ = import_any(store, str(FIXTURES / "roundtable-1.jsonl"))[0]
    running = store.create("forbidden_alchemy_story", seed=4)
    yield store, story, round_, running, TestClient(create_app(store))
    store.close()


def test_note_text_author_and_errors_come_out_escaped(site):
    store, story, _, _, client = site
    note = store.notes.add(story, 3, HOSTILE_AUTHOR, HOSTILE_TEXT, glyph="!?")
    try:
        page = client.get(f"/games/{story}?step=3", headers=HX).text
        assert "<script>" not in page and "<b>bold" not in page
        author, text = "&lt;script&gt;alert(&#39;a&#39;)&lt;/script&gt;", "Tom &amp; &#34;Jerry&#34; &lt;b&gt;bold&lt;/b&gt;"
        article = page[page.index(f'id="note-{note}"'):page.index("</article>", page.index(f'id="note-{note}"'))]
        assert f'<p class="note-text"><strong class="note-glyph">!?</strong> {text}</p>' in article
        assert f"— {author}, " in article
        # An open viewer may change any note: the edit form carries the text and author, escaped.
        assert f'<textarea name="text" aria-label="note text" maxlength="2000">{text}</textarea>' in article
        assert f'<input name="author" value="{author}"' in article
        assert '<option value="!?" selected>!?</option>' in article  # the note's glyph chosen
        # A note form's error comes back escaped too (an empty text is refused).
        answer = client.post(f"/games/{story}/notes", data={"step": 3, "author": "<i>x</i>", "text": ""},
                             headers={**HX, **SITE})
        assert answer.status_code == 422 and 'id="note-error"' in answer.text and "<i>" not in answer.text
    finally:
        store.notes.delete(story, note, "test")


def _captured_context(client, monkeypatch, url):
    """The replay context a step partial was drawn from (and its request)."""
    seen = {}
    real = viewer_app._replay_context

    def capture(request, *args):
        seen["ctx"] = real(request, *args)
        seen["request"] = request
        return seen["ctx"]
    monkeypatch.setattr(viewer_app, "_replay_context", capture)
    client.get(url, headers=HX)
    monkeypatch.setattr(viewer_app, "_replay_context", real)
    return seen["request"], seen["ctx"]


def test_seat_names_notices_and_prompts_come_out_escaped(site, monkeypatch):
    """No stored game has a seat name to escape; a context with one stands in."""
    _, story, _, _, client = site
    request, ctx = _captured_context(client, monkeypatch, f"/games/{story}?step=5")
    bad = '<x>&"'
    seats = (*ctx["header"].seats, bad)
    ctx = dict(ctx, seat_param=bad, header=SimpleNamespace(seats=seats, seed=ctx["header"].seed),
               notice="step <0> & more", prompts=[SimpleNamespace(seat=bad, question="a <q>?", rule="r&1")],
               note_error="<e>")
    html = str(stage_html(request, ctx))
    assert "<x>" not in html and "<q>" not in html and "<0>" not in html and "<e>" not in html
    escaped = "&lt;x&gt;&amp;&#34;"
    assert f'<option value="{escaped}" selected>{escaped}</option>' in html
    assert f'<input type="hidden" name="seat" value="{escaped}">' in html
    assert f"&amp;seat={escaped}" in html and "seat=<" not in html
    assert f"waiting for <strong>{escaped}</strong>: a &lt;q&gt;?" in html
    assert '<p class="notice" role="status">step &lt;0&gt; &amp; more</p>' in html
    assert '<a href="/rules/forbidden_alchemy_story#r&amp;1">' in html


@pytest.mark.parametrize("by", ["event", "command", "turn"])
def test_every_step_link_keeps_by_and_seat(site, by):
    store, story, _, _, client = site
    seat = store.header(story).seats[0]
    for seat_param in ("", seat):
        page = client.get(f"/games/{story}?step=9&by={by}&seat={seat_param}", headers=HX).text
        links = re.findall(rf'(?:href|hx-get|data-copy)="(/games/{story}\?step=[^"]*)"', page)
        assert len(links) >= 14, links  # first, back, forward, last (twice each), 3 kinds (twice), step link and copy
        for link in links:
            kind = re.search(r"by=(\w+)", link)
            assert kind, link
            if not re.search(r'id="by-\w+"', page[page.index(link):page.index(">", page.index(link))]):
                assert kind.group(1) == by, link
            assert (f"seat={seat}" in link) == bool(seat_param), link
        # The forms sent from the step keep them too.
        assert page.count(f'<input type="hidden" name="by" value="{by}">') >= 3  # slider, view-as, new note
        assert ('<input type="hidden" name="seat" value="' + seat_param + '">') in page
        # The kind now shown is marked; the board download keeps the view only.
        assert f'class="on" id="by-{by}"' in page
        assert f'/board.svg?step=9{"&amp;seat=" + seat if seat_param else ""}" id="board-svg"' in page


def test_the_whole_page_the_partial_and_a_note_answer_carry_the_same_stage(site):
    store, _, round_, _, client = site
    partial = client.get(f"/games/{round_}?step=20&by=turn", headers=HX)
    assert partial.headers["HX-Trigger-After-Settle"] == "boardlog-step"
    assert partial.headers["content-type"] == "text/html; charset=utf-8"
    stage = partial.text
    assert stage.lstrip().startswith('<section id="stage"') and stage.endswith("</style>")
    page = client.get(f"/games/{round_}?step=20&by=turn").text
    assert stage in page and page.count('id="stage"') == 1
    answer = client.post(f"/games/{round_}/notes", data={"step": 20, "by": "turn", "author": "ann", "text": "hm"},
                         headers={**HX, **SITE})
    assert answer.status_code == 200 and 'id="timeline"' in answer.text and 'hx-swap-oob="true"' in answer.text
    assert "<p class=\"note-text\">hm</p>" in answer.text
    assert answer.text.index('id="stage"') < answer.text.index('id="timeline"')


def test_a_running_game_shows_prompts_and_no_view_as_nor_analysis(site):
    _, _, _, running, client = site
    page = client.get(f"/games/{running}?step=1", headers=HX).text
    assert 'class="prompt"' in page and 'id="view-as"' not in page
    assert 'id="analysis"' not in page and 'id="position-link"' not in page
    assert 'id="setup-changes"' in page  # step 1: the set-up lays out everything


# ---- who may change a note ---------------------------------------------------------------------
def test_a_reviewer_changes_only_their_own_notes_and_an_operator_forks(tmp_path):
    store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    book = AccountBook(store)
    book.add("rita", "reviewer", "reviewer-pass")
    book.add("olga", "operator", "operator-pass")
    gid = store.create("forbidden_alchemy", seed=3)
    mine = store.notes.add(gid, 1, "rita", "mine")
    theirs = store.notes.add(gid, 1, "remy", "theirs")
    app = create_app(store, auth=True)

    def signed_in(name, password):
        client = TestClient(app)
        r = client.post("/signin", data={"name": name, "password": password, "next": "/"}, headers=SITE,
                        follow_redirects=False)
        assert r.status_code == 303
        return client

    page = signed_in("rita", "reviewer-pass").get(f"/games/{gid}?step=1", headers=HX).text
    assert f"/notes/{mine}/edit" in page and f"/notes/{mine}/delete" in page
    assert f"/notes/{theirs}/edit" not in page and f"/notes/{theirs}/delete" not in page
    assert "writing as <strong>rita</strong>" in page and 'name="author"' not in page  # the account writes
    assert 'id="fork"' not in page
    page = signed_in("olga", "operator-pass").get(f"/games/{gid}?step=1", headers=HX).text
    assert f"/notes/{mine}/edit" in page and f"/notes/{theirs}/edit" in page  # an operator moderates
    assert 'id="fork"' in page and "Fork from step 1" in page
    store.close()


# ---- the computer analysis, per status -----------------------------------------------------------
@pytest.fixture(scope="module")
def analysed(tmp_path_factory):
    """A SQLite store with the finished story game, analysed with a tiny budget, and a fresh copy."""
    store = open_store(str(tmp_path_factory.mktemp("stage") / "stage.db"))
    done = import_any(store, str(FIXTURES / "forbidden_alchemy_story-1.jsonl"))[0]
    fresh = import_any(store, str(FIXTURES / "forbidden_alchemy_story-2.jsonl"))[0]
    queue = Analyses(store)
    queue.request(done, Budget(simulations=4, candidates=2))
    while queue.work(batch=8):
        pass
    app = create_app(store)
    app.state.analysis_budget = Budget(simulations=4, candidates=2)
    yield store, done, fresh, TestClient(app)
    store.close()


def _analysis_block(page: str) -> str:
    start = page.index('<section class="plot analysis" id="analysis"')
    return page[start:page.index("</section>", start)]


def test_no_analysis_yet_offers_the_button_with_the_view(analysed):
    store, _, fresh, client = analysed
    seat = store.header(fresh).seats[0]
    block = _analysis_block(client.get(f"/games/{fresh}?step=4&by=turn&seat={seat}", headers=HX).text)
    assert 'id="analyse">Analyse</button>' in block and 'id="analysis-failed"' not in block
    assert ('<input type="hidden" name="step" value="4"><input type="hidden" name="by" value="turn">'
            f'<input type="hidden" name="seat" value="{seat}">') in block


def test_a_failed_analysis_says_why_escaped_and_offers_it_again(analysed, monkeypatch):
    _, _, fresh, client = analysed
    failed = Progress(3, 22, "failed", "no <legal> move & more", "t")
    monkeypatch.setattr(analysis_pages, "_progress", lambda *a: failed)
    block = _analysis_block(client.get(f"/games/{fresh}?step=4", headers=HX).text)
    assert 'id="analysis-failed">The analysis stopped: no &lt;legal&gt; move &amp; more</p>' in block
    assert 'id="analyse">Analyse again</button>' in block


def test_a_queued_analysis_shows_its_progress_which_polls_with_the_view(analysed, monkeypatch):
    _, _, fresh, client = analysed
    monkeypatch.setattr(analysis_pages, "_progress", lambda *a: Progress(5, 22, "queued", None, "t"))
    block = _analysis_block(client.get(f"/games/{fresh}?step=4&by=event", headers=HX).text)
    assert '<progress max="22" value="5">5 / 22</progress>' in block and 'id="analyse"' not in block
    assert f'hx-get="/games/{fresh}/analysis/progress?step=4&amp;by=event" hx-trigger="every 1s"' in block
    assert f'<a href="/games/{fresh}?step=4&amp;by=event#analysis">reload</a>' in block
    # The partial htmx polls is the same writer's (viewer/analysis_pages.py progress_html).
    bar = client.get(f"/games/{fresh}/analysis/progress?step=4&by=event", headers=HX)
    assert bar.status_code == 200 and bar.text.lstrip().startswith('<div class="analysis-progress"')
    assert bar.text.strip() in block


def test_a_done_analysis_draws_the_chart_and_marks_the_audit(analysed):
    store, done, _, client = analysed
    judged = {j.step: j for j in Analyses(store).load(done).judged}
    step = next(s for s, j in judged.items() if j.mark and j.best != j.played)
    page = client.get(f"/games/{done}?step={step}&by=turn", headers=HX).text
    block = _analysis_block(page)
    assert 'id="analysis-chart"' in block and f'id="analysis-marker" data-step="{step}"' in block
    assert f'(step <span id="analysis-at">{step}</span> marked)' in block
    dots = re.findall(r'<a href="(/games/[^"]+)" class="analysis-dot"', block)
    assert dots and all("&amp;by=turn" in d for d in dots)
    audit = page[page.index('id="audit"'):page.index('class="rule"', page.index('id="audit"'))]
    assert f'id="analysis-mark">{judged[step].mark}</strong>' in audit and 'id="analysis-try"' in audit
    assert 'id="analysis-step"' not in client.get(f"/games/{done}?step=1", headers=HX).text  # the set-up


def test_an_in_memory_store_says_no_analysis_is_kept(site):
    _, story, _, _, client = site
    block = _analysis_block(client.get(f"/games/{story}?step=2", headers=HX).text)
    assert 'id="analysis-unavailable"' in block and 'id="analyse"' not in block
