// Keyboard stepping on the replay page: Left/Right/Home/End follow the
// control links (htmx handles the click, so only #stage is swapped).
document.addEventListener("keydown", function (event) {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  var target = event.target;
  if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
  var link = document.querySelector('#stage a[data-key="' + event.key + '"]');
  if (link) { event.preventDefault(); link.click(); }
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
