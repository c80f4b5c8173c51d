"""The replay page's stage, written in Python (issue #24).

The stage is what htmx swaps at every step: the step controls, the board
with the notes' shapes over it, the audit of the step's command group, the
score chart and the computer analysis, the notes and their forms, the fork
and share forms, and the timeline's cursor (out of band).  It was the
template `_stage.html` with five includes; drawing it through Jinja cost
0.5-1.4 ms of a step partial's 5 ms budget besides the board, most of it
the machinery (contexts, includes, an escape call and an attribute lookup
per value) rather than the text: written here it costs 0.05-0.1 ms.  `stage_html` writes the same bytes from the same
context (`viewer/app.py` `_replay_context`): a partial answers with it
directly, and the whole page (`replay.html`) and a note form's answer
(`_stage_and_timeline.html`) put it in with the `stage()` global.

What stays a template: the board's own picture (`templates/boards/`, also
drawn by the play page, the compare page and the board download; its
figures are computed in `viewer/pictures/`), and the score chart
(`_plot.html`, drawn once per chart by `viewer/plots.py`).

Every value the template printed through `{{ }}` is escaped here with
`viewer.pictures.text` (markupsafe's entities, without a Markup object per
piece); what is already HTML (the board, the audit's rows and facts' JSON,
the chart, the drawings layer) goes in as it is.  The whitespace is the
template's own, newlines and indents included: the writer was compared
byte for byte with the template (in git history) over some 50,000 renders
of every game kind and context variant; tests/test_stage.py pins what the
stage does (escaping, links that keep the view, the analysis by status).
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from typing import Any

from jinja2 import pass_context
from markupsafe import Markup

from engine.core.notes import GLYPHS, MAX_NOTE_CHARS, SHAPE_COLOURS
from engine.core.position import startable
from viewer.analysis_pages import MARK_NAMES, progress_html
from viewer.auth import who_of
from viewer.bounds import board_template
from viewer.drawings import drawings_layer, format_shapes, overlay, with_overlay
from viewer.pictures import text
from viewer.plots import plot_drawn
from viewer.shared import audit_changes, fact_json

BY = ("event", "command", "turn")


def stage_html(request, ctx: Mapping[str, Any]) -> Markup:
    """The stage of `ctx` (a replay context, viewer/app.py `_replay_context`;
    `note_error` optional) for `request` (who asks decides the note and fork
    forms)."""
    return Markup("".join(_stage_parts(request, ctx)))


def stage_bytes(request, ctx: Mapping[str, Any]) -> bytes:
    """`stage_html` as UTF-8, each part encoded on its own.  One non-ASCII
    character in a small part (a dash in the audit, an accent in a name)
    made the joined page a wide string: the board's 40-240 kB were copied
    wide and then transcoded character by character, 0.1-0.6 ms a step for
    the same bytes (issue #24).  An ASCII part is encoded as a plain copy."""
    return b"".join([part.encode() for part in _stage_parts(request, ctx)])


def _stage_parts(request, ctx: Mapping[str, Any]) -> list[str]:
    gid = text(ctx["gid"])
    step, by, seat_param = ctx["step"], ctx["by"], ctx["seat_param"]
    me = who_of(request)
    # `q`: the query every step link carries on; `'&seat=' ~ seat_param`, as
    # the template printed them (escaped: "&amp;").
    seat_q = "&amp;seat=" + text(seat_param) if seat_param else ""
    q = "&amp;by=" + text(by) + seat_q
    # The hidden fields of the note forms: a form is sent back with the view it was made in.
    kept = (f'<input type="hidden" name="step" value="{text(step)}"><input type="hidden" name="by" '
            f'value="{text(by)}"><input type="hidden" name="seat" value="{text(seat_param)}">')
    audit = ctx["audit"]
    notice = ctx["notice"]
    parts = [
        f'\n\n<section id="stage" class="stage" hx-target="#stage" hx-swap="outerHTML" hx-push-url="true" '
        f'data-step="{text(step)}" data-last="{text(ctx["last"])}">\n  ',
        f'<p class="notice" role="status">{text(notice)}</p>' if notice else "",
        "\n",
        _controls(gid, ctx, audit, q, seat_q),
        _view_as(gid, ctx) if ctx["finished"] else "  \n",
        "\n  ",
        _prompts(ctx["game"].ID, ctx["prompts"]),
        f'\n  <div class="stage-body">\n  <div class="board" id="board" data-step="{text(step)}">\n    ',
        _board(request, ctx),
        "\n  </div>\n\n",
        _audit(gid, ctx, audit, q, me),
        "\n  </div>\n\n  ",
        plot_drawn(request.app.state.templates.env, ctx["plot"]),
        "\n  ",
        _analysis(gid, ctx) if ctx["analysis"] else "",
        "\n\n",
        _notes(gid, ctx, q, kept, me),
        "\n\n  ",
        _fork(gid, step) if me.may("manage") else "",
        "\n  ",
        _share(gid, ctx, q, seat_q),
        "\n</section>\n",
        f'<style id="cursor" hx-swap-oob="true">.tl-step[data-first="{text(ctx["group"][0])}"] '
        "{ background: var(--cursor); border-left-color: var(--accent); }</style>",
    ]
    return parts


# ---- controls ---------------------------------------------------------------------------------
def _controls(gid: str, ctx, audit, q: str, seat_q: str) -> str:
    """First, back, the position, forward, last; the step kinds; the slider."""
    step, by, last = text(ctx["step"]), ctx["by"], text(ctx["last"])
    at = f"/games/{gid}?step="

    def link(to, key: str, rest: str) -> str:
        url = f"{at}{text(to)}{q}"
        return f'    <a href="{url}" hx-get="{url}" data-key="{key}" {rest}\n'

    # (The kinds' links have a bare "&by=" where `q` has "&amp;by=": both
    # as the template wrote them, and a browser reads both the same.)
    kinds = "".join(
        f'<a href="{at}{step}&by={b}{seat_q}" hx-get="{at}{step}&by={b}{seat_q}" class="{"on" if b == by else ""}" '
        f'id="by-{b}">{b}</a>' for b in BY)
    seat = ctx["seat_param"]
    return ('  <nav class="controls" aria-label="step controls">\n'
            + link(1, "Home", 'id="first" title="first (Home)">«</a>')
            + link(ctx["prev"], "ArrowLeft", 'id="back" rel="prev" title="back (←)">◀</a>')
            + f'    <span class="pos">step <strong id="step-number">{step}</strong> / {last} · command '
              f'{text(audit.first)}–{text(audit.last)} · turn {text(ctx["turn"])}</span>\n'
            + link(ctx["next"], "ArrowRight", 'id="forward" rel="next" title="forward (→)">▶</a>')
            + link(ctx["last"], "End", 'id="last" title="last (End)">»</a>')
            + f'    <span class="by">by\n      {kinds}\n    </span>\n  </nav>\n'
            f'  <form class="slider" method="get" action="/games/{gid}" hx-get="/games/{gid}" hx-trigger="change">\n'
            f'    <input type="range" name="step" min="1" max="{last}" value="{step}" aria-label="step">\n'
            f'    <input type="hidden" name="by" value="{text(by)}">'
            + (f'<input type="hidden" name="seat" value="{text(seat)}">' if seat else "")
            + '\n    <noscript><button type="submit">Go</button></noscript>\n  </form>\n')


def _view_as(gid: str, ctx) -> str:
    """A finished game's "View as" choice: everything, or one seat's view."""
    seat = ctx["seat_param"]
    options = "".join(f'<option value="{text(s)}" {"selected" if s == seat else ""}>{text(s)}</option>'
                      for s in ctx["header"].seats)
    return (f'  \n  <form class="view-as" method="get" action="/games/{gid}" hx-get="/games/{gid}" '
            'hx-trigger="change">\n'
            f'    <input type="hidden" name="step" value="{text(ctx["step"])}"><input type="hidden" name="by" '
            f'value="{text(ctx["by"])}">\n'
            '    <label>View as <select name="seat" id="view-as">\n'
            f'      <option value="" {"" if seat else "selected"}>everything (omniscient)</option>\n'
            f'      {options}\n'
            '    </select></label><noscript><button type="submit">View</button></noscript>\n  </form>\n  \n')


def _prompts(kind: str, prompts) -> str:
    return "".join(f'<p class="prompt" role="status">waiting for <strong>{text(p.seat)}</strong>: '
                   f'{text(p.question)} <a href="/rules/{text(kind)}#{text(p.rule)}"><code>{text(p.rule)}'
                   "</code></a></p>" for p in prompts)


# ---- the board --------------------------------------------------------------------------------
def _board(request, ctx) -> str:
    """The game's board template (the picture, the generic table or the
    notice of an undrawable view), the step's note shapes on top.  A board
    template reads only `game`, `board` and `changed` (docs/boards.md)."""
    game, board = ctx["game"], ctx["board"]
    template = request.app.state.templates.env.get_template(board_template(game, board))
    picture = template.render(game=game, board=board, changed=ctx["changed"])
    return str(with_overlay(picture, drawings_layer(overlay(game, board, ctx["step_notes"]))))


# ---- the audit --------------------------------------------------------------------------------
# The die drawn beside a fact of chance.
_DICE = (' <span class="dice" title="chance: a die or a draw"><svg viewBox="0 0 12 12" width="1em" height="1em" '
         'aria-hidden="true"><rect x=".5" y=".5" width="11" height="11" rx="2.5" fill="#fff" '
         'stroke="currentColor"/><circle cx="3.5" cy="3.5" r="1.1"/><circle cx="6" cy="6" r="1.1"/>'
         '<circle cx="8.5" cy="8.5" r="1.1"/></svg><span class="sr-only">chance</span></span>')


def _audit(gid: str, ctx, audit, q: str, me) -> str:
    """Which command (or undo, redo, set-up), its rule, its facts and what changed."""
    kind = text(ctx["game"].ID)
    out = ['  <section class="audit" id="audit" aria-label="audit of this step">\n'
           f'    <h2>Audit — steps {text(audit.first)}–{text(audit.last)}</h2>\n    ']
    if audit.kind == "CommandIssued":
        out.append(f'\n      <p class="command">{text(audit.seat)} issued <code id="audit-command">'
                   f'{text(audit.command)}</code>\n        ')
        if audit.commit:
            out.append('<span class="commit" title="drew randomness or revealed hidden information: cannot be '
                       'undone">commit point</span>')
        out.append(f"</p>\n      {_analysis_step(gid, ctx, audit, me)}\n    ")
    elif audit.kind in ("CommandUndone", "CommandRedone"):
        cause = ctx["lines"][audit.first - 1].cause
        link = f'<a href="/games/{gid}?step={text(ctx["index"].group(cause)[1])}{q}">{text(cause)}</a>'
        what = ("undid the command of step " + link + ": the state is what it was before it."
                if audit.kind == "CommandUndone" else
                "redid the command of step " + link + " with its recorded facts.")
        out.append(f'\n      <p class="command">{text(audit.seat)} {what}</p>\n    ')
    else:
        seed = f" (seed {text(ctx['header'].seed)})" if ctx["finished"] else ""
        out.append(f'\n      <p class="command">Setup of the game{seed}.</p>\n    ')
    out.append(f'\n    <p class="rule"><a href="/rules/{kind}#{text(audit.rule)}"><code>{text(audit.rule)}</code></a>'
               f' — {text(audit.section)}: {text(audit.explanation)}</p>\n    ')
    if audit.facts:
        step = ctx["step"]
        out.append('\n    <ol class="facts">\n      ')
        out.extend(f'\n      <li class="{"current" if at == step else ""}{rest}' for at, rest in _facts(audit, kind))
        out.append("\n    </ol>\n    ")
    out.append("\n    ")
    if audit.changes:
        shown = len(audit.changes)
        more = (f'<p class="more-changes">… and {text(audit.changes_total - shown)} more, not listed.</p>'
                if audit.changes_total > shown else "")
        out.append(f'\n    <details class="changes" {"open" if shown < 12 else ""}><summary>What changed '
                   f'({text(audit.changes_total)})</summary>\n      <table>{audit_changes(audit)}</table>\n'
                   f'      {more}\n    </details>\n    ')
    elif audit.first == 1:
        out.append('\n    <p class="more-changes" id="setup-changes">What changed: everything — the set-up lays '
                   'out the whole board (the board above shows it).</p>\n    ')
    out.append("\n  </section>")
    return "".join(out)


def _facts(audit, kind: str) -> list[tuple[int, str]]:
    """Each fact of an audit as (its step, its item after `class="current`),
    written once per audit: an audit (projections/replay.py) is kept for its
    command group and never changes, and every step of the group lists the
    same facts but for the one marked current (as viewer/shared.py
    `audit_changes` keeps the rows of what changed)."""
    kept = audit.__dict__.get("_facts_html")
    if kept is None or kept[0] != kind:
        kept = audit._facts_html = (kind, [(f.step, (
            f'{" chance" if f.chance else ""}">\n'
            f'        <span class="st">{text(f.step)}</span> <strong>{text(f.type)}</strong>'
            f'{_DICE if f.chance else ""} — {text(f.text)}\n'
            f'        <br><a href="/rules/{kind}#{text(f.rule)}"><code>{text(f.rule)}</code></a> '
            f'<small>{text(f.section)}: {text(f.explanation)}</small>\n'
            f'        <details><summary>data</summary><code>{fact_json(f)}</code></details>\n'
            '      </li>\n      ')) for f in audit.facts])
    return kept[1]


def _percent(chance: float) -> str:
    """A chance as the templates printed it: `"%.0f"|format(chance * 100)`."""
    return "%.0f" % (chance * 100)


def _analysis_step(gid: str, ctx, audit, me) -> str:
    """In the audit of a command of an analysed game: its mark, what the
    search preferred, and (to who may fork) a button to try that in a fork."""
    analysis = ctx["analysis"]
    judged = analysis.get("by_step") if analysis else None
    j = judged.get(audit.first) if judged else None
    if not j:
        return ""
    out = ['\n<p class="analysis-step" id="analysis-step">']
    if j.mark:
        name = text(MARK_NAMES.get(j.mark, ""))
        out.append(f'<strong class="analysis-mark mark-{name}" id="analysis-mark">{text(j.mark)}</strong> {name}. ')
    if j.best == j.played:
        out.append(f"The search would have played this command too ({text(j.seat)}'s chance of winning "
                   f"{_percent(j.after)}%).")
    else:
        out.append(f'The search preferred <code id="analysis-best">{text(j.best)}</code>: {text(j.seat)}\'s '
                   f"chance of winning {_percent(j.before)}% with it, {_percent(j.after)}% with the command played.")
    out.append("</p>\n")
    if j.best != j.played and me.may("manage"):
        out.append(f'\n<form method="post" action="/games/{gid}/analysis/fork" class="inline analysis-try">\n'
                   f'  <input type="hidden" name="step" value="{text(j.step)}">\n'
                   '  <button type="submit" id="analysis-try" title="a new game forked before this command, with '
                   f'the preferred command played instead">Try <code>{text(j.best)}</code> in a fork</button>\n'
                   "</form>\n")
    out.append("\n")
    return "".join(out)


# ---- the computer analysis ---------------------------------------------------------------------
_ANALYSE_NOTE = ('<small class="plot-note">The search judges every command of the game: the acting seat\'s '
                 "chance of winning before and after it, the command it would have played, and a mark where the "
                 "chance dropped by 5 (?!), 10 (?) or 15 (??) points or more.</small>")


def _analysis(gid: str, ctx) -> str:
    """A finished game's computer analysis beside the score charts: the
    Analyse button, its progress, or every seat's chance of winning."""
    a = ctx["analysis"]
    status = a["status"]
    step = ctx["step"]
    out = ['\n<section class="plot analysis" id="analysis" aria-label="computer analysis">\n  <h2>Computer analysis']
    if status == "done":
        out.append(f' <small>(step <span id="analysis-at">{text(step)}</span> marked)</small>')
    out.append("</h2>\n  ")
    if status == "unavailable":
        out.append('\n  <p class="plot-note" id="analysis-unavailable">This viewer\'s store is kept in memory, where '
                   "no computer analysis is kept: there is nothing to ask for here, and everything else on the "
                   "page works as usual.</p>\n  ")
    elif status in ("none", "failed"):
        out.append("\n  ")
        if status == "failed":
            out.append('<p class="error" role="alert" id="analysis-failed">The analysis stopped: '
                       f'{text(a["progress"].error)}</p>')
        seat = ctx["seat_param"]
        out.append(f'\n  <form method="post" action="/games/{gid}/analysis" hx-post="/games/{gid}/analysis" '
                   'hx-target="this" hx-swap="outerHTML" hx-push-url="false" class="inline" id="analyse-form">\n'
                   f'    <input type="hidden" name="step" value="{text(step)}"><input type="hidden" name="by" '
                   f'value="{text(ctx["by"])}">'
                   + (f'<input type="hidden" name="seat" value="{text(seat)}">' if seat else "")
                   + '\n    <button type="submit" id="analyse">'
                   + ("Analyse again" if status == "failed" else "Analyse")
                   + f"</button>\n    {_ANALYSE_NOTE}\n  </form>\n  ")
    elif status == "queued":
        out.append(f"\n  {progress_html(ctx['gid'], a, step, ctx['by'], ctx['seat_param'])}\n  ")
    else:
        head, tail = _chance_chart(gid, a, ctx["by"], ctx["seat_param"])
        c = a["chart"]
        x = text(c.x_of(step))
        out.append(f'{head}<line class="marker" id="analysis-marker" data-step="{text(step)}" x1="{x}" '
                   f'y1="{text(c.top)}" x2="{x}" y2="{text(c.top + c.height)}"/>{tail}')
    out.append("\n</section>\n")
    return "".join(out)


# The chart is the same on every step of an analysis but for its marker: the
# parts before and after the marker's line are written once per chart and
# step links' query (its dots link to their steps in the page's view).
_CHARTS_KEPT = 32
_charts: dict[tuple, tuple[Any, str, str]] = {}
_charts_lock = threading.Lock()


def _chance_chart(gid: str, a, by: str, seat_param: str) -> tuple[str, str]:
    c = a["chart"]
    key = (id(c), gid, by, seat_param)
    kept = _charts.get(key)
    if kept is not None and kept[0] is c:
        return kept[1], kept[2]
    drawn = _chart_parts(gid, a, by, seat_param)
    with _charts_lock:
        if len(_charts) >= _CHARTS_KEPT:
            _charts.clear()
        _charts[key] = (c, *drawn)
    return drawn


def _chart_parts(gid: str, a, by: str, seat_param: str) -> tuple[str, str]:
    c = a["chart"]
    left, top, height, width = c.left, c.top, c.height, c.width
    bottom_y = text(top + height)
    ticks = "".join(f'<text class="tick" x="{text(x)}" y="{text(top + height + 13)}" text-anchor="middle">'
                    f"{text(s)}</text>" for x, s in c.ticks)
    lines = "".join(f'<polyline class="series" fill="none" stroke="{text(ln.colour)}" points="{text(ln.points)}" '
                    f'data-seat="{text(ln.seat)}"><title>{text(ln.seat)}</title></polyline>' for ln in c.lines)
    query = "&amp;by=" + text(by) + ("&amp;seat=" + text(seat_param) if seat_param else "")
    dots = []
    for m in c.marks:
        name = text(MARK_NAMES.get(m.mark, ""))
        dots.append(f'<a href="/games/{gid}?step={text(m.step)}{query}" class="analysis-dot" data-step="{text(m.step)}">'
                    f'<circle cx="{text(m.x)}" cy="{text(m.y)}" r="{4.5 if m.mark == "??" else 3.5}" '
                    f'fill="{text(m.colour)}" class="mark-{name}"><title>step {text(m.step)}: {text(m.seat)} played '
                    f"{text(m.played)} {text(m.mark)} ({name})</title></circle></a>")
    legend = "".join(f'<li><span class="swatch" style="background: {text(ln.colour)}"></span>{text(ln.seat)} '
                     f"<small>{_percent(ln.last)}%</small></li>" for ln in c.lines)
    budget = a["budget"]
    simulations = budget.get("simulations", "") if isinstance(budget, dict) else getattr(budget, "simulations", "")
    head = (
        '\n  <figure class="plot-panel analysis-panel">\n    <figcaption>chance of winning</figcaption>\n'
        f'    <svg viewBox="0 0 {text(left + width + 8)} {text(c.panel_height)}" role="img" aria-label="each seat\'s '
        'chance of winning, by step" class="plot-svg" id="analysis-chart">\n'
        f'      <line class="axis" x1="{text(left)}" y1="{bottom_y}" x2="{text(left + width)}" y2="{bottom_y}"/>\n'
        f'      <line class="axis" x1="{text(left)}" y1="{text(top)}" x2="{text(left)}" y2="{bottom_y}"/>\n'
        f'      <line class="even" x1="{text(left)}" y1="{text(top + height / 2)}" x2="{text(left + width)}" '
        f'y2="{text(top + height / 2)}"/>\n'
        f'      <text class="tick" x="{text(left - 4)}" y="{text(top + 4)}" text-anchor="end">100%</text>\n'
        f'      <text class="tick" x="{text(left - 4)}" y="{text(top + height / 2 + 3)}" text-anchor="end">50%</text>\n'
        f'      <text class="tick" x="{text(left - 4)}" y="{bottom_y}" text-anchor="end">0</text>\n'
        f"      {ticks}\n      {lines}\n      {''.join(dots)}\n      ")
    tail = (
        f'\n    </svg>\n    <ul class="legend">{legend}</ul>\n  </figure>\n'
        f'  <p class="plot-note" id="analysis-summary"><small>{text(a["tally"])}.\n'
        "    x: step; y: each seat's chance of winning after each command, as the search judged it "
        f"({text(simulations)} lines a decision, seed {text(a['seed'])}); a dot marks a command after which the "
        "acting seat's chance dropped by 5 (?!), 10 (?) or 15 (??) points or more, beyond the noise of the lines. "
        "The figure beside each name is its chance at the end.</small></p>\n  ")
    return head, tail


# ---- the notes --------------------------------------------------------------------------------
def _options(selected: str) -> str:
    return "".join(f'<option value="{text(g)}" {"selected" if g == selected else ""}>{text(g)}</option>'
                   for g in GLYPHS)


# A note form's glyph and shapes (issue #14): the same but for the glyph
# chosen and the shapes' text, written once.  Without JavaScript the shapes
# are typed ("arrow D4 E6 green; circle C3 red"); viewer/static/draw.js shows
# the draw tools: in draw mode a click on a place and then another adds an
# arrow, twice the same place a circle.
_GLYPH_OPTIONS = {g: _options(g) for g in GLYPHS}
_NO_GLYPH = _options("")
_MARKS_HEAD = ('<span class="note-marks">\n  <label>glyph <select name="glyph" class="note-glyph-choice">\n'
               '    <option value="">none</option>\n    ')
_MARKS_SHAPES = '\n  </select></label>\n  <label>shapes <input name="shapes" class="shapes-text" value="'
_MARKS_TAIL = (
    '" maxlength="1000" placeholder="arrow D4 E6 green; circle C3 red" title="arrows and circles on the board: '
    f'arrow FROM TO colour; circle PLACE colour ({text(", ".join(SHAPE_COLOURS))})"></label>\n'
    '  <span class="draw-tools" hidden>\n'
    '    <button type="button" class="draw-toggle" aria-pressed="false" title="click a place, then another: an '
    'arrow; the same place twice: a circle">draw</button>\n'
    '    <select class="draw-colour" aria-label="colour">'
    + "".join(f'<option value="{text(c)}">{text(c)}</option>' for c in SHAPE_COLOURS)
    + '</select>\n    <button type="button" class="draw-clear">clear shapes</button>\n  </span>\n</span>')


def note_marks(glyph: str, shapes: str) -> str:
    """The glyph and shapes fields of a note form, `glyph` chosen and `shapes` typed in."""
    return f"{_MARKS_HEAD}{_GLYPH_OPTIONS.get(glyph, _NO_GLYPH)}{_MARKS_SHAPES}{text(shapes)}{_MARKS_TAIL}"


_EMPTY_MARKS = note_marks("", "")


def _notes(gid: str, ctx, q: str, kept: str, me) -> str:
    """The step's notes (with edit and delete forms for who may change
    them), then the form to add one."""
    step = text(ctx["step"])
    error = ctx.get("note_error")
    out = ['  <section class="notes" id="notes" aria-label="notes on this step">\n'
           f'    <h2>Notes on step {step}</h2>\n    ',
           f'<p class="error" role="alert" id="note-error">{text(error)}</p>' if error else "",
           "\n    "]
    for n in ctx["step_notes"]:
        out.append(_note(gid, n, step, q, kept, ctx["notes_version"], me))
    out.append(
        f'\n    <form method="post" action="/games/{gid}/notes" hx-post="/games/{gid}/notes" hx-push-url="false" '
        f'class="add-note" id="add-note">\n      {kept}\n      ')
    if me.name:
        out.append(f'<p class="note-meta">writing as <strong>{text(me.name)}</strong></p>\n      ')
    else:
        out.append('<input name="author" placeholder="your name" aria-label="author" maxlength="40" required>')
    out.append(
        f'\n      <textarea name="text" placeholder="a note on this step (plain text, up to {MAX_NOTE_CHARS} '
        f'characters)" aria-label="note text" required></textarea>\n      {_EMPTY_MARKS}\n'
        '      <button type="submit">Add note</button>\n    </form>\n  </section>')
    return "".join(out)


def _note(gid: str, n: dict, step: str, q: str, kept: str, version, me) -> str:
    """One note: its glyph and text, its shapes in words, who wrote it when;
    its edit and delete forms to who may change it."""
    note = text(n["note"])
    glyph = n.get("glyph")
    shapes = n.get("shapes")
    created = text(n["created"][:16].replace("T", " "))
    out = [f'\n    <article class="note" data-note="{note}" id="note-{note}">\n      <p class="note-text">',
           f'<strong class="note-glyph">{text(glyph)}</strong> ' if glyph else "",
           f'{text(n["text"])}</p>\n      ',
           f'<p class="note-shapes">drawn: {text(format_shapes(shapes))}</p>' if shapes else "",
           f'\n      <p class="note-meta">— {text(n["author"])}, {created}{" (edited)" if n.get("edited") else ""} · '
           f'<a href="/games/{gid}?step={step}{q}#note-{note}" class="note-link">link</a></p>\n      ']
    if me.may_change_note(n):
        at = f"/games/{gid}/notes/{note}"
        expected = f'<input type="hidden" name="expected_version" value="{text(version)}">'
        author = ("" if me.name else
                  f'<input name="author" value="{text(n["author"])}" aria-label="author" maxlength="40">')
        out.append(
            f'\n      <details><summary>edit</summary>\n'
            f'        <form method="post" action="{at}/edit" hx-post="{at}/edit" hx-push-url="false">\n'
            f"          {kept}\n          {expected}\n          {author}\n"
            f'          <textarea name="text" aria-label="note text" maxlength="{MAX_NOTE_CHARS}">{text(n["text"])}'
            f"</textarea>\n          {note_marks(glyph or '', format_shapes(shapes))}\n"
            '          <button type="submit">Save</button>\n        </form>\n      </details>\n'
            f'      <form method="post" action="{at}/delete" hx-post="{at}/delete" hx-push-url="false" class="inline">\n'
            f"        {kept}\n        {expected}\n"
            '        <button type="submit" class="delete-note">Delete</button>\n      </form>\n      ')
    out.append("\n    </article>\n    ")
    return "".join(out)


# ---- fork and share ---------------------------------------------------------------------------
def _fork(gid: str, step) -> str:
    return (f'\n  <form method="post" action="/games/{gid}/fork" class="fork" id="fork">\n'
            f'    <input type="hidden" name="step" value="{text(step)}">\n'
            '    <input name="name" maxlength="60" aria-label="name of the fork" placeholder="name of the fork '
            '(optional)">\n'
            f'    <button type="submit" title="start a new game from here">Fork from step {text(step)}</button>\n'
            "  </form>\n  ")


def _share(gid: str, ctx, q: str, seat_q: str) -> str:
    """Share this step and compare it with another (viewer/compare.py).  The
    copy button is hidden until viewer/static/share.js shows it: without
    JavaScript the link itself is the way."""
    step = text(ctx["step"])
    seat = ctx["seat_param"]
    url = f"/games/{gid}?step={step}{q}"
    position = ""
    if ctx["finished"] and startable(ctx["game"]):
        position = (f'\n    · <a href="/games/{gid}/position?step={step}" id="position-link" download title="to '
                    'start a game from this step (the new-game form, or boardlog new KIND --position FILE)">this '
                    "step as a position</a>")
    return (
        '\n<section class="share" id="share" aria-label="share or compare this step">\n'
        f'  <p><a href="{url}" id="step-link">link to this step</a>\n'
        f'    <button type="button" class="copy-link" id="copy-step-link" data-copy="{url}" hidden>copy link</button>\n'
        f'    · <a href="/games/{gid}/board.svg?step={step}{seat_q}" id="board-svg" download>download the board '
        f"(SVG)</a>{position}</p>\n"
        f'  <form class="compare-form" id="compare-form" method="get" action="/games/{gid}/compare">\n'
        f'    <input type="hidden" name="a" value="{step}">'
        + (f'<input type="hidden" name="seat" value="{text(seat)}">' if seat else "")
        + f'\n    <label>Compare step {step} with step <input type="number" name="b" min="1" value="{text(ctx["prev"])}" '
        'required id="compare-b"></label>\n'
        '    <label>of game <input name="b_game" list="compare-family" placeholder="this game" size="14" '
        'id="compare-game" aria-describedby="compare-game-help"></label>\n'
        '    <button type="submit">Compare</button>\n'
        '    <small id="compare-game-help">another game of the same kind: its id or the first 4+ characters (its '
        "parent and forks are offered)</small>\n  </form>\n</section>")


# ---- Jinja ------------------------------------------------------------------------------------
@pass_context
def _stage_global(context) -> Markup:
    """`{{ stage() }}`: the stage of the page's own context (replay.html,
    _stage_and_timeline.html)."""
    return stage_html(context["request"], context)


def register(env) -> None:
    env.globals["stage"] = _stage_global
