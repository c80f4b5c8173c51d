// Keyboard stepping on the replay page: Left/Right/Home/End follow the
// control links (htmx handles the click, so only #stage is swapped).
//
// One step at a time: a key pressed while a step is on its way waits for it
// (the latest such key, once), then follows the new stage's link.  A
// reviewer holding the arrow key sends presses faster than a step comes
// back; a press landing on a stage htmx had swapped in but not yet set up
// followed its link as a plain one, and a third of the presses held over
// a long game reloaded the whole page (issue #24).
var stepping = null, waitingKey = null;
function followKey(key) {
  var link = document.querySelector('#stage a[data-key="' + key + '"]');
  if (!link) return false;
  stepping = setTimeout(stepped, 5000);  // (a step that never comes back frees the keys)
  link.click();
  return true;
}
function stepped() {
  clearTimeout(stepping);
  stepping = null;
  if (waitingKey) {
    var key = waitingKey;
    waitingKey = null;
    followKey(key);
  }
}
document.addEventListener("keydown", function (event) {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  var target = event.target;
  if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
  if (!document.querySelector('#stage a[data-key="' + event.key + '"]')) return;
  event.preventDefault();
  if (stepping) waitingKey = event.key;
  else followKey(event.key);
});
document.addEventListener("htmx:afterSettle", function (event) {
  if (stepping && event.target && event.target.id === "stage") stepped();
});
document.addEventListener("htmx:afterRequest", function (event) {
  if (stepping && !event.detail.successful) stepped();  // an error page: the keys are free again
});

// The timeline follows the stage: its current command group (lit by the
// stage's #cursor style) is scrolled into the timeline's own box when a step
// takes it out of sight (a reviewer holding the arrow key would otherwise
// step past the last entry shown). Only the timeline scrolls, never the page.
function showTimelineCursor() {
  var stage = document.getElementById("stage"), box = document.getElementById("timeline");
  if (!stage || !box) return;
  var step = Number(stage.dataset.step), here = null;
  box.querySelectorAll(".tl-step").forEach(function (li) {
    if (Number(li.dataset.first) <= step) here = li;
  });
  if (!here) return;
  var outer = box.getBoundingClientRect(), inner = here.getBoundingClientRect();
  if (inner.top < outer.top || inner.bottom > outer.bottom) {
    box.scrollTop += inner.top - outer.top - outer.height / 3;
  }
}
document.addEventListener("DOMContentLoaded", showTimelineCursor);
document.addEventListener("htmx:afterSettle", showTimelineCursor);
