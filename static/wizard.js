// After htmx swaps in a new step, move focus to the error summary or the step heading so that
// keyboard and screen-reader users land on the new content (it is announced when focused).
(function () {
  "use strict";
  function focusNewContent() {
    var main = document.getElementById("content");
    if (!main) { return; }
    var target = main.querySelector("[data-focus-first]") || main.querySelector("[data-step-heading]") || main.querySelector("h1");
    if (!target) { return; }
    if (!target.hasAttribute("tabindex")) { target.setAttribute("tabindex", "-1"); }
    target.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }
  document.addEventListener("htmx:afterSettle", function (event) {
    if (event.detail && event.detail.target && event.detail.target.id === "content") { focusNewContent(); }
  });
  document.addEventListener("htmx:historyRestore", focusNewContent);
  // Links inside the error summary move focus to the field, not just scroll to it.
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest(".error-summary a[href^='#']");
    if (!link) { return; }
    var field = document.getElementById(link.getAttribute("href").slice(1));
    if (field) { event.preventDefault(); field.focus(); field.scrollIntoView({ block: "center" }); }
  });
})();
