// Keyboard stepping on the replay page: Left/Right/Home/End follow the
// control links (htmx handles the click, so only #stage is swapped).
document.addEventListener("keydown", function (event) {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  var target = event.target;
  if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
  var link = document.querySelector('#stage a[data-key="' + event.key + '"]');
  if (link) { event.preventDefault(); link.click(); }
});
