// Pushed updates (issue #13): a running game's page follows the server's
// stream of versions (viewer/live.py) instead of polling.  The stream sends
// only a step number; the page then fetches its own view, so a seat sees
// only what its own page would show it.  Without JavaScript, or if the
// stream is refused, the live bar's "refresh" link does the same by hand.
(function () {
  "use strict";
  var bar = document.getElementById("live-bar");
  if (!bar || !window.EventSource || !window.htmx) return;
  var kind = bar.dataset.kind;
  var source = new EventSource(bar.dataset.stream);
  var busy = false, wanted = null;

  function say(text) {
    var status = document.getElementById("live-status");
    if (status) status.textContent = text;
  }

  // The play page: fetch it again and swap its <main>, keeping a command
  // being typed.
  function reloadPlay(version) {
    var shown = document.getElementById("version");
    if (shown && parseInt(shown.textContent, 10) === version) return Promise.resolve();
    var box = document.getElementById("command-text");
    var typed = box ? box.value : "";
    return htmx.ajax("GET", window.location.pathname + window.location.search,
                     {target: "main", select: "main", swap: "outerHTML"}).then(function () {
      var fresh = document.getElementById("command-text");
      if (fresh && typed) fresh.value = typed;
    });
  }

  // The URL of the replay page at `version` (the "last" control's link,
  // with its step replaced: it keeps the page's `by` and `seat`).
  function replayUrl(version) {
    var last = document.querySelector("#stage #last");
    var url = new URL(last ? last.href : window.location.href);
    url.searchParams.set("step", version);
    return url.pathname + url.search;
  }

  // The replay page: at the last step, follow the game (stage and
  // timeline); elsewhere, say how many new steps there are, with a link.
  function updateReplay(version) {
    var stage = document.getElementById("stage");
    if (!stage) return Promise.resolve();
    var last = parseInt(stage.dataset.last, 10);
    if (version <= last) return Promise.resolve();
    var url = replayUrl(version);
    if (parseInt(stage.dataset.step, 10) !== last) {
      var status = document.getElementById("live-status");
      if (status) {
        var n = version - last;
        status.textContent = "";
        var link = document.createElement("a");
        link.id = "live-new";
        link.href = url;
        link.textContent = n + " new step" + (n === 1 ? "" : "s");
        status.appendChild(link);
      }
      return Promise.resolve();
    }
    // HX-Boosted: the whole page (not the stage partial), of which we take the stage and timeline.
    return htmx.ajax("GET", url, {target: ".replay", select: ".replay", swap: "outerHTML",
                                  headers: {"HX-Boosted": "true"}}).then(function () {
      window.history.replaceState(null, "", url);
      say("");
    });
  }

  // One update at a time; versions that arrive meanwhile collapse into one.
  function update(version) {
    if (busy) { wanted = version; return; }
    busy = true;
    var done = kind === "play" ? reloadPlay(version) : updateReplay(version);
    done.catch(function () { say("could not load the new step: use refresh"); }).then(function () {
      busy = false;
      if (wanted !== null) { var next = wanted; wanted = null; update(next); }
    });
  }

  source.addEventListener("version", function (event) {
    update(parseInt(event.data, 10));
  });
  source.addEventListener("end", function () {
    source.close();
    say("the game is over");
  });
  source.onerror = function () {
    // Refused (too many streams) or the server is gone: the refresh link remains.
    if (source.readyState === EventSource.CLOSED) say("live updates stopped: use refresh");
  };
})();
