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
  // Kiosk mode: after a spell with no one using the screen, warn, then clear it for the next person.
  // Any key, pointer movement, scroll or touch counts as use, and tells the server (a throttled
  // ping), which deletes the answers itself once the idle time passes with no request at all.
  var body = document.body;
  var idle = parseInt(body.getAttribute("data-kiosk-idle") || "0", 10);
  // Finish and the idle clear empty the clipboard too, where the browser lets the page: what one
  // person copied must not be pasted by the next. If it is not allowed, the clear goes on all the same.
  var emptyClipboardThen = function (go) {
    var done = false;
    var once = function () { if (!done) { done = true; go(); } };
    if (!(navigator.clipboard && window.isSecureContext)) { once(); return; }
    window.setTimeout(once, 500);  // a browser that neither writes nor refuses does not hold up the clear
    try { navigator.clipboard.writeText("").then(once, once); } catch (error) { once(); }
  };
  if (idle > 0) {
    // Pressing Finish is a user gesture, which the clipboard asks for: empty it, then send the form.
    document.addEventListener("submit", function (event) {
      var form = event.target;
      if (form.id !== "kiosk-clear" || event.defaultPrevented) { return; }
      event.preventDefault();
      emptyClipboardThen(function () { form.submit(); });
    });
    // Nothing on a shared screen is copied for the next person to paste, but what someone types
    // in a field may be: copying and cutting work in fields only (style.css: no selecting outside them).
    ["copy", "cut"].forEach(function (name) {
      document.addEventListener(name, function (event) {
        var target = event.target && event.target.nodeType === 1 ? event.target : event.target && event.target.parentElement;
        if (!(target && target.closest("input, textarea, select"))) { event.preventDefault(); }
      });
    });
  }
  if (idle > 0) {
    var warnFor = parseInt(body.getAttribute("data-kiosk-warn") || "0", 10);
    var pingUrl = body.getAttribute("data-kiosk-ping");
    var dialog = document.getElementById("kiosk-warning");
    var countdown = dialog && dialog.querySelector("[data-kiosk-countdown]");
    var every = Math.max(1, Math.min(30, idle / 5)) * 1000;  // at most one ping per this many ms
    var lastPing = Date.now(), pending = null, warnTimer = null, clearTimer = null, tick = null;
    var clearNow = function () {
      var form = document.getElementById("kiosk-clear");
      if (form) { form.elements.reason.value = "idle"; emptyClipboardThen(function () { form.submit(); }); }
    };
    var hideWarning = function () {
      window.clearInterval(tick);
      if (dialog && dialog.open) { dialog.close(); }
    };
    var showWarning = function () {
      if (!dialog) { return; }
      var left = warnFor;
      countdown.textContent = String(left);
      if (!dialog.open) { dialog.showModal(); }
      tick = window.setInterval(function () {
        left = Math.max(0, left - 1);
        countdown.textContent = String(left);
      }, 1000);
    };
    // The timers run from the last request the server saw, as the server's own clock does.
    var restart = function () {
      window.clearTimeout(warnTimer);
      window.clearTimeout(clearTimer);
      hideWarning();
      if (warnFor > 0) { warnTimer = window.setTimeout(showWarning, (idle - warnFor) * 1000); }
      clearTimer = window.setTimeout(clearNow, idle * 1000);
    };
    var ping = function () {
      pending = null;
      lastPing = Date.now();
      restart();
      var form = document.getElementById("kiosk-clear");
      var token = form && form.elements.csrf_token ? form.elements.csrf_token.value : "";
      window.fetch(pingUrl, { method: "POST", headers: { "X-CSRFToken": token }, credentials: "same-origin" });
    };
    var used = function () {
      if (pending !== null) { return; }
      pending = window.setTimeout(ping, Math.max(0, lastPing + every - Date.now()));
    };
    ["keydown", "pointermove", "pointerdown", "wheel", "scroll", "touchstart", "input"].forEach(function (name) {
      document.addEventListener(name, used, { passive: true, capture: true });
    });
    if (dialog) {
      dialog.querySelector("[data-kiosk-keep]").addEventListener("click", function () {
        window.clearTimeout(pending);
        ping();
      });
      dialog.addEventListener("cancel", function (event) { event.preventDefault(); window.clearTimeout(pending); ping(); });
    }
    // An htmx swap is a request: the server counted it as use, so the clock starts again.
    document.addEventListener("htmx:afterRequest", function () { lastPing = Date.now(); restart(); });
    restart();
  }
  // Buttons that need JavaScript (print, copy) are hidden until it runs.
  document.addEventListener("click", function (event) {
    var print = event.target.closest && event.target.closest("[data-print]");
    if (print) { window.print(); return; }
    var copy = event.target.closest && event.target.closest("[data-copy]");
    if (copy) {
      var field = document.getElementById(copy.getAttribute("data-copy"));
      var done = function () {
        var status = document.getElementById(copy.getAttribute("data-copy") + "-status");
        if (status) { status.textContent = copy.getAttribute("data-copied") || "Link copied."; }  // the page's language
      };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(field.value).then(done, function () { field.select(); document.execCommand("copy"); done(); });
      } else { field.select(); document.execCommand("copy"); done(); }
    }
  });
  var reveal = function () {
    Array.prototype.forEach.call(document.querySelectorAll("[data-print][hidden], [data-copy][hidden]"), function (button) {
      button.hidden = false;
    });
    // The clerks' page: this site's address, so a link works when PUBLIC_URL is not set.
    Array.prototype.forEach.call(document.querySelectorAll("input[data-site-address]"), function (field) {
      if (!field.value) { field.value = window.location.origin; }
    });
    // An interview's own link (result page): a relative address made full, so it works when pasted.
    Array.prototype.forEach.call(document.querySelectorAll("input[data-full-link]"), function (field) {
      if (field.value.charAt(0) === "/") { field.value = window.location.origin + field.value; }
    });
  };
  reveal();
  document.addEventListener("htmx:afterSettle", reveal);
  // The kiosk's hand-off lasts one minute (whoever scans the code gets all the answers): then the code
  // leaves the screen at once, and the reload finds the screen cleared by the server.
  var code = document.querySelector("[data-handoff-code]");
  if (code) {
    window.setTimeout(function () {
      code.parentNode.removeChild(code);
      window.location.reload();
    }, parseInt(code.getAttribute("data-shown-for") || "0", 10) * 1000);
  }
  // The kiosk's hand-off page: once the phone has taken the interview over, show the cleared screen.
  var waiting = document.querySelector("[data-handoff-waiting]");
  if (waiting) {
    // Its own name: a second `var every` in this scope was the kiosk's ping interval too.
    var lookEvery = parseInt(waiting.getAttribute("data-every") || "3", 10) * 1000;
    var look = function () {
      window.fetch(waiting.getAttribute("data-handoff-waiting"), { credentials: "same-origin" }).then(function (response) {
        if (response.status === 204) { window.setTimeout(look, lookEvery); } else { window.location.reload(); }
      }, function () { window.setTimeout(look, lookEvery); });
    };
    window.setTimeout(look, lookEvery);
  }
})();
