// "copy link" on the replay page.  The button is rendered hidden: without
// JavaScript (or without a clipboard, outside a secure context) the link
// beside it is the way to share.  Shown here, also after htmx swaps the stage.
(function () {
  function reveal(root) {
    if (!navigator.clipboard || !root.querySelectorAll) return;
    root.querySelectorAll("button.copy-link[hidden]").forEach(function (button) { button.hidden = false; });
  }
  document.addEventListener("DOMContentLoaded", function () { reveal(document); });
  document.addEventListener("htmx:load", function (event) { reveal(event.target); });
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button.copy-link[data-copy]");
    if (!button) return;
    var url = new URL(button.dataset.copy, window.location.href).href;
    navigator.clipboard.writeText(url).then(
      function () { button.textContent = "copied"; },
      function () { button.textContent = "not copied: use the link"; });
  });
})();
