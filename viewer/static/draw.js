// Drawing a note's shapes by clicking on the board (issue #14, item 3).
// A note form's "draw" button turns draw mode on: a click on a place, then a
// click on another adds an arrow between them; twice the same place adds a
// circle.  Each shape is written, as text, into the form's `shapes` field
// ("arrow D4 E6 green; circle C3 red"), which is also what one types without
// JavaScript; the server checks it.  The places and their points come from
// the board's <g class="drawings" data-places="{place: [x, y]}"> layer
// (viewer/drawings.py), so this works the same for every game's picture.
(function () {
  "use strict";
  var SVGNS = "http://www.w3.org/2000/svg";
  var COLOURS = { green: "#15781b", red: "#882020", blue: "#003088", yellow: "#e68f00" };
  var activeForm = null;  // the form in draw mode
  var pending = null;     // the first place clicked

  function layer() { return document.querySelector("#board g.drawings"); }

  // The draw tools stay hidden without JavaScript and on a board without places.
  function reveal() {
    var hasPlaces = !!layer();
    document.querySelectorAll(".note-marks .draw-tools").forEach(function (tools) {
      tools.hidden = !hasPlaces;
    });
    if (activeForm && !document.contains(activeForm)) stop();
  }

  function stop() {
    if (activeForm) {
      var button = activeForm.querySelector(".draw-toggle");
      if (button) button.setAttribute("aria-pressed", "false");
    }
    activeForm = null;
    pending = null;
    var board = document.getElementById("board");
    if (board) board.classList.remove("drawing");
    clearPending();
  }

  function clearPending() {
    document.querySelectorAll("#board .draw-pending").forEach(function (el) { el.remove(); });
  }

  // The place nearest to a click, in the board SVG's own coordinates; none
  // if the click is far from every place (more than a place's spacing).
  function placeAt(event) {
    var g = layer();
    if (!g || !g.ownerSVGElement) return null;
    var svg = g.ownerSVGElement;
    var matrix = g.getScreenCTM();
    if (!matrix) return null;
    var pt = svg.createSVGPoint();
    pt.x = event.clientX;
    pt.y = event.clientY;
    var p = pt.matrixTransform(matrix.inverse());
    var places = JSON.parse(g.dataset.places || "{}");
    var reach = parseFloat(g.dataset.unit || "40");
    var best = null, bestDistance = Infinity;
    Object.keys(places).forEach(function (name) {
      var d = Math.hypot(places[name][0] - p.x, places[name][1] - p.y);
      if (d < bestDistance) { best = name; bestDistance = d; }
    });
    return bestDistance <= reach ? { name: best, x: places[best][0], y: places[best][1] } : null;
  }

  function shapeElement(kind, a, b, colour, extraClass) {
    var g = layer();
    var el = document.createElementNS(SVGNS, kind === "arrow" ? "line" : "circle");
    el.setAttribute("class", kind + " " + colour + " " + extraClass);
    el.setAttribute("stroke", COLOURS[colour] || COLOURS.green);
    el.setAttribute("stroke-width", g.dataset.width || "4");
    if (kind === "arrow") {
      el.setAttribute("x1", a.x); el.setAttribute("y1", a.y);
      el.setAttribute("x2", b.x); el.setAttribute("y2", b.y);
      el.setAttribute("marker-end", "url(#draw-head-" + colour + ")");
    } else {
      el.setAttribute("cx", a.x); el.setAttribute("cy", a.y);
      el.setAttribute("r", g.dataset.r || "12");
      if (extraClass === "draw-pending") el.setAttribute("stroke-dasharray", "3 3");
    }
    g.appendChild(el);
    return el;
  }

  function addShape(form, text) {
    var field = form.querySelector("input[name=shapes]");
    field.value = field.value.trim() ? field.value.trim().replace(/;\s*$/, "") + "; " + text : text;
    field.dispatchEvent(new Event("change", { bubbles: true }));
  }

  document.addEventListener("click", function (event) {
    var toggle = event.target.closest && event.target.closest(".draw-toggle");
    if (toggle) {
      var form = toggle.closest("form");
      var on = activeForm !== form;
      stop();
      if (on) {
        activeForm = form;
        toggle.setAttribute("aria-pressed", "true");
        document.getElementById("board").classList.add("drawing");
      }
      return;
    }
    var clear = event.target.closest && event.target.closest(".draw-clear");
    if (clear) {
      clear.closest("form").querySelector("input[name=shapes]").value = "";
      document.querySelectorAll("#board .draw-preview").forEach(function (el) { el.remove(); });
      pending = null;
      clearPending();
      return;
    }
    if (!activeForm || !event.target.closest || !event.target.closest("#board")) return;
    var place = placeAt(event);
    if (!place) return;
    event.preventDefault();
    var colour = activeForm.querySelector(".draw-colour").value;
    if (!pending) {
      pending = place;
      shapeElement("circle", place, null, colour, "draw-pending");
      return;
    }
    clearPending();
    if (pending.name === place.name) {
      shapeElement("circle", place, null, colour, "draw-preview");
      addShape(activeForm, "circle " + place.name + " " + colour);
    } else {
      shapeElement("arrow", pending, place, colour, "draw-preview");
      addShape(activeForm, "arrow " + pending.name + " " + place.name + " " + colour);
    }
    pending = null;
  });

  document.addEventListener("DOMContentLoaded", reveal);
  document.addEventListener("htmx:afterSettle", reveal);
  if (document.readyState !== "loading") reveal();
})();
