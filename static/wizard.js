// After htmx swaps in a new step, move focus to the error summary or the step heading so that
// keyboard and screen-reader users land on the new content (it is announced when focused).
(function () {
  "use strict";
  function focusNewContent() {
    var main = document.getElementById("content");
    if (!main) { return; }
    // A row just added to a people list ("Add another person") takes focus where the organizer types next.
    var added = main.querySelector("[data-added-person]");
    if (added) { added.focus(); return; }
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
  // Kiosk mode: after a spell with no one using the screen, clear it for the next person.
  var idle = parseInt(document.body.getAttribute("data-kiosk-idle") || "0", 10);
  if (idle > 0) {
    var timer = null;
    var reset = function () {
      window.clearTimeout(timer);
      timer = window.setTimeout(function () {
        var form = document.getElementById("kiosk-clear");
        if (form) { form.elements.reason.value = "idle"; form.submit(); }
      }, idle * 1000);
    };
    ["keydown", "pointerdown", "input", "scroll"].forEach(function (name) {
      document.addEventListener(name, reset, { passive: true });
    });
    reset();
  }
})();
