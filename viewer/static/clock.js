// The play page's countdown: the seconds left before the deadline the game
// runs now (the server draws the same figure once; this keeps it moving).
// The page's clock and the server's may differ: the server's `now` is
// taken as the reference, so only the time since the page came counts.
(function () {
  "use strict";
  var timer = null;
  function start() {
    clearTimeout(timer);
    var clock = document.getElementById("clock");
    if (!clock) return;
    var deadline = Date.parse(clock.dataset.deadline), served = Date.parse(clock.dataset.now);
    var shownAt = Date.now(), left = document.getElementById("clock-left");
    function tick() {
      var ms = Math.max(0, deadline - served - (Date.now() - shownAt));
      var s = Math.ceil(ms / 1000);
      left.textContent = Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
      clock.classList.toggle("urgent", s <= 30);
      if (ms > 0) timer = setTimeout(tick, 250);
    }
    tick();
  }
  document.addEventListener("htmx:afterSettle", start);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
