// Keyboard stepping on the replay page: Left/Right/Home/End follow the
// control links (htmx handles the click, so only #stage is swapped).
document.addEventListener("keydown", function (event) {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  var target = event.target;
  if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
  var link = document.querySelector('#stage a[data-key="' + event.key + '"]');
  if (link) { event.preventDefault(); link.click(); }
});
// Board targets on the play page fill the typed-command box. One click
// offers the target's first command; a click on a second target offers the
// command the two have in common (two pieces to swap, a unit and a hex...).
var lastTargetCommands = null;
document.addEventListener("click", function (event) {
  var target = event.target.closest && event.target.closest("a.target[data-command]");
  var box = document.getElementById("command-text");
  if (!target || !box) return;
  event.preventDefault();
  var commands = (target.dataset.commands || target.dataset.command).split("|");
  var shared = lastTargetCommands && commands.filter(function (c) { return lastTargetCommands.indexOf(c) >= 0; });
  if (shared && shared.length) {
    box.value = shared[0];
    lastTargetCommands = null;
  } else {
    box.value = commands[0];
    lastTargetCommands = commands;
  }
  box.focus();
});
