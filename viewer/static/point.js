// Play by pointing (viewer/pointing.py explains the mechanism).
//
// The page carries the seat's legal commands as [text, verb, [argument
// tokens]]; elements of the board and the hand name themselves with
// data-token (one token, or several separated by spaces: a unit standing
// on a hex may answer as the unit or as its hex).  A click picks a token;
// the commands whose arguments still hold every token picked stay
// possible; what may come next lights up; a command whose arguments are
// exactly the tokens picked is sent, or offered in a small menu beside the
// others that share those clicks.  legal_commands is the only judge: this
// file never decides what is legal, it only narrows the server's list.
(function () {
  "use strict";
  var data = null, picks = [], byToken = {};

  function $(id) { return document.getElementById(id); }

  function count(list) {
    var n = {};
    list.forEach(function (t) { n[t] = (n[t] || 0) + 1; });
    return n;
  }

  // The tokens of `args` left once `chosen` are taken out (a multiset), or
  // null when `chosen` are not all among them.
  function remaining(args, chosen) {
    var left = args.slice();
    for (var i = 0; i < chosen.length; i++) {
      var at = left.indexOf(chosen[i]);
      if (at < 0) return null;
      left.splice(at, 1);
    }
    return left;
  }

  function possible(chosen) {
    return data.commands.filter(function (c) { return c[2].length && remaining(c[2], chosen) !== null; });
  }

  // What may be picked next: the first argument of each command before any
  // click (a piece to start from), then every argument still to come.
  function nextTokens(chosen, commands) {
    var next = {};
    commands.forEach(function (c) {
      var left = remaining(c[2], chosen);
      (chosen.length ? left : left.slice(0, 1)).forEach(function (t) { next[t] = true; });
    });
    return next;
  }

  function tokensOf(el) { return (el.getAttribute("data-token") || "").split(/\s+/).filter(Boolean); }

  function index() {
    byToken = {};
    document.querySelectorAll("#play-area [data-token]").forEach(function (el) {
      tokensOf(el).forEach(function (t) { (byToken[t] = byToken[t] || []).push(el); });
    });
  }

  function label(token) {
    var el = (byToken[token] || [])[0];
    return (el && el.getAttribute("data-label")) || token;
  }

  function button(text, title, onclick, cls) {
    var b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    if (title) b.title = title;
    if (cls) b.className = cls;
    b.addEventListener("click", onclick);
    return b;
  }

  function send(text) {
    var box = $("command-text"), form = $("typed");
    if (!box || !form) return;
    box.value = text;
    document.body.classList.add("sending");
    form.requestSubmit ? form.requestSubmit() : form.submit();
  }

  function render() {
    var commands = possible(picks);
    var next = nextTokens(picks, picks.length ? commands : data.commands.filter(function (c) { return c[2].length; }));
    var chosen = count(picks);
    document.querySelectorAll("#play-area [data-token]").forEach(function (el) {
      var tokens = tokensOf(el);
      el.classList.toggle("pick-next", tokens.some(function (t) { return next[t]; }));
      el.classList.toggle("pick-chosen", tokens.some(function (t) { return chosen[t]; }));
    });
    var status = $("point-status"), chips = $("point-chips"), menu = $("point-menu");
    if (!status) return;
    status.textContent = "";
    chips.textContent = "";
    menu.textContent = "";
    if (picks.length) {
      status.appendChild(document.createTextNode("Chosen: "));
      picks.forEach(function (t, i) {
        status.appendChild(button(label(t) + " ×", "take " + label(t) + " back", function () {
          picks.splice(i, 1);
          render();
        }, "chip chosen"));
      });
      status.appendChild(button("Clear", "start the command again (Esc)", clear, "clear"));
    } else {
      status.textContent = data.commands.some(function (c) { return c[2].length; })
        ? "Click a lit piece, card or place to begin." : "";
    }
    // Tokens that may come next but have no element on the page: chips.
    Object.keys(next).sort().forEach(function (t) {
      if (!byToken[t]) chips.appendChild(button(label(t), "choose " + t, function () { pick(t); }, "chip"));
    });
    var complete = commands.filter(function (c) { return c[2].length === picks.length; });
    var longer = commands.length - complete.length;
    if (complete.length === 1 && !longer) {
      send(complete[0][0]);
      return;
    }
    // Several complete commands of one verb differ in their order (draw for
    // X, heal Y): those say their arguments; others their verb and its line.
    var perVerb = {};
    complete.forEach(function (c) { perVerb[c[1]] = (perVerb[c[1]] || 0) + 1; });
    complete.forEach(function (c) {
      var help = data.verbs[c[1]] || "";
      var text = perVerb[c[1]] > 1 ? [c[1]].concat(c[2].map(label)).join(" ") : c[1] + (help ? ": " + help : "");
      menu.appendChild(button(text, c[0], function () { send(c[0]); }, "verb"));
    });
    if (complete.length && longer) {
      menu.appendChild(document.createTextNode(" …or go on choosing"));
    }
  }

  function accepts(token) {
    return possible(picks.concat([token])).length > 0;
  }

  function pick(token) {
    picks.push(token);
    render();
  }

  function clear() {
    picks = [];
    render();
  }

  function say(text) {
    var status = $("point-status");
    if (!status) return;
    var note = document.createElement("span");
    note.className = "point-refused";
    note.textContent = " " + text;
    status.appendChild(note);
  }

  function onClick(event) {
    var el = event.target.closest && event.target.closest("#play-area [data-token]");
    if (!el || !data) return;
    event.preventDefault();
    // The innermost element first, then the ones around it: the first token
    // that leaves some command possible is the one meant.
    for (var node = el; node && node.id !== "play-area"; node = node.parentElement) {
      if (!node.hasAttribute || !node.hasAttribute("data-token")) continue;
      var tokens = tokensOf(node);
      for (var i = 0; i < tokens.length; i++) {
        if (accepts(tokens[i])) { pick(tokens[i]); return; }
      }
    }
    // Nothing to add: a click on something chosen takes it back.
    var again = tokensOf(el).filter(function (t) { return picks.indexOf(t) >= 0; });
    if (again.length) {
      picks.splice(picks.lastIndexOf(again[0]), 1);
      render();
      return;
    }
    render();
    say("(nothing to do with " + label(tokensOf(el)[0]) + " now)");
  }

  // For the browser tests and the curious: can every legal command be
  // reached by pointing on this page (each argument an element or a chip)?
  function reachable() {
    return data.commands.map(function (c) {
      var missing = c[2].filter(function (t) { return !byToken[t]; });
      return {text: c[0], clicks: Math.max(1, c[2].length), onPage: c[2].length - missing.length, chips: missing};
    });
  }

  // On load, and again whenever the live bar brings the page up to date
  // (static/live.js swaps <main>): the commands are the new position's.
  function start() {
    var source = $("pointing-data");
    picks = [];
    data = source ? JSON.parse(source.dataset.pointing) : null;
    document.body.classList.toggle("pointing", !!data);
    if (!data) return;
    index();
    render();
  }

  document.addEventListener("click", onClick);
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && picks.length) clear();
  });
  document.addEventListener("htmx:afterSettle", start);

  window.boardlogPoint = {
    data: function () { return data; },
    picks: function () { return picks.slice(); },
    pick: pick, clear: clear, reachable: reachable,
    offered: function () {
      var commands = possible(picks);
      return Object.keys(nextTokens(picks, picks.length ? commands : data.commands.filter(function (c) { return c[2].length; })));
    }
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
