// Only to make the pad quicker; every page works without it (a plain form posted, the page
// rendered again). With it: the fields that apply are shown as the scorer taps; what is filled
// in is checked by the server as he goes (POST /api/tables/ID/check, nothing saved) and each
// refusal or warning shown beside its field; Record sends the same form once with fetch and
// puts the reply's <main> in place (no page load); an entry the server has not answered is kept
// in localStorage and sent again with the SAME change_id until it answers; what is typed is
// kept in sessionStorage, so Back and reload bring it back.
"use strict";
(function () {
  var FORM_KEYS = { csrf: 1, change_id: 1, expected_entries: 1, show: 1 };
  var RETRY_MS = 3000;
  var CHECK_MS = 350;
  var sending = false;
  var checkTimer = null;
  var checkSeq = 0;
  var touched = {};

  function form() { return document.querySelector("form.entry-form"); }
  function tableId() {
    var holder = document.querySelector("[data-table]");
    return holder ? holder.getAttribute("data-table") : null;
  }
  function pendingKey() { return "pad-pending:" + tableId(); }
  function draftKey(f) { return "pad-draft:" + f.getAttribute("data-table") + ":" + f.getAttribute("data-expected"); }

  function store(kind) {
    try { return window[kind]; } catch (e) { return null; }
  }
  function readJSON(kind, key) {
    var s = store(kind);
    if (!s) { return null; }
    try { return JSON.parse(s.getItem(key) || "null"); } catch (e) { return null; }
  }
  function writeJSON(kind, key, value) {
    var s = store(kind);
    if (!s) { return; }
    try {
      if (value === null) { s.removeItem(key); } else { s.setItem(key, JSON.stringify(value)); }
    } catch (e) { /* storage full or refused: the form still posts */ }
  }

  // --- the screen's values, as the form posts them -------------------------------------
  function values(f) {
    var out = {};
    new FormData(f).forEach(function (value, key) {
      if (FORM_KEYS[key]) { return; }
      out[key] = key in out ? out[key] + "," + value : value;
    });
    return out;
  }
  function valueOf(f, name, all) {
    return name in all ? all[name] : "";
  }

  // --- which fields apply (sheet/entry_form.applies, the same rule) ---------------------
  function fieldEl(f, name) {
    var found = null;
    f.querySelectorAll("[data-field]").forEach(function (el) {
      if (!found && el.getAttribute("data-field") === name) { found = el; }
    });
    return found;
  }
  function applies(f, el, all, depth) {
    if (!el || depth > 20) { return false; }
    var when = el.getAttribute("data-when");
    if (!when) { return true; }
    var pairs;
    try { pairs = JSON.parse(when); } catch (e) { return true; }
    for (var i = 0; i < pairs.length; i++) {
      var other = fieldEl(f, pairs[i][0]);
      if (!applies(f, other, all, depth + 1)) { return false; }
      if (pairs[i][1].indexOf(valueOf(f, pairs[i][0], all)) < 0) { return false; }
    }
    return true;
  }
  function showApplying(f) {
    var all = values(f);
    f.querySelectorAll("[data-field]").forEach(function (el) {
      el.hidden = !applies(f, el, all, 0);
    });
    f.querySelectorAll("[data-group]").forEach(function (group) {
      var shown = Array.prototype.some.call(group.querySelectorAll("[data-field]"), function (el) { return !el.hidden; });
      group.hidden = !shown;
    });
  }

  // --- focus: a tap moves on to the next field; a number is replaced, never appended ---------
  function nextField(f, from) {
    var fields = Array.prototype.filter.call(f.querySelectorAll("[data-field]"), function (el) {
      return !el.hidden && !(el.closest("[data-group]") && el.closest("[data-group]").hidden);
    });
    var at = fields.indexOf(from);
    for (var i = at + 1; i < fields.length; i++) {
      var el = fields[i];
      var input = el.querySelector("input:checked") || el.querySelector("input");
      // a field already holding its answer (the next hand, the beneficiary) is passed over
      if (el.querySelector("input:checked") && !el.classList.contains("taps")) { continue; }
      if (input) { return input; }
    }
    return f.querySelector("button.record");
  }
  function onChange(event) {
    var f = form();
    var target = event.target;
    if (!f || !f.contains(target) || !target.name) { return; }
    touched[target.name] = true;
    showApplying(f);
    saveDraft(f);
    scheduleCheck(f);
    if (target.type === "radio") {
      var next = nextField(f, target.closest("[data-field]"));
      if (next) { next.focus({ preventScroll: false }); }
    }
  }
  function onInput(event) {
    var f = form();
    if (!f || !f.contains(event.target)) { return; }
    touched[event.target.name] = true;
    saveDraft(f);
    scheduleCheck(f);
  }
  function onFocus(event) {
    var t = event.target;
    if (t && t.tagName === "INPUT" && t.getAttribute("inputmode") === "numeric") {
      // selected at once (a digit typed right after the tap replaces it), and again on the
      // tap's pointerup below, which would otherwise put the caret where the finger was
      try { t.select(); } catch (e) { /* not selectable */ }
    }
  }
  // A tap on a number already focused (its refusal shown as it was typed) selects it too: the
  // correction replaces the value, never appends to it (61 after 130 is 61, not 13061).
  function onTapNumber(event) {
    var t = event.target;
    if (t && t.tagName === "INPUT" && t.getAttribute("inputmode") === "numeric" && document.activeElement === t) {
      try { t.select(); } catch (e) { /* not selectable */ }
    }
  }

  // --- the check as the scorer goes (nothing saved) --------------------------------------
  function scheduleCheck(f) {
    if (checkTimer) { window.clearTimeout(checkTimer); }
    checkTimer = window.setTimeout(function () { check(f); }, CHECK_MS);
  }
  function paragraph(cls, parts) {
    var p = document.createElement("p");
    p.className = cls;
    parts.forEach(function (part) {
      if (typeof part === "string") { p.appendChild(document.createTextNode(part)); return; }
      var span = document.createElement("span");
      span.className = part[0];
      span.textContent = part[1];
      p.appendChild(span);
    });
    return p;
  }
  function box(f, place) {
    var found = null;
    f.querySelectorAll("[data-place]").forEach(function (el) {
      if (!found && el.getAttribute("data-place") === place) { found = el; }
    });
    if (found && found.closest("[hidden]")) { found = null; }
    return found || f.querySelector('[data-place=""]');
  }
  function check(f) {
    var url = f.getAttribute("data-check");
    if (!url || !window.fetch) { return; }
    var seq = ++checkSeq;
    fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ values: values(f) }),
      credentials: "same-origin"
    }).then(function (reply) {
      return reply.ok ? reply.json() : null;
    }).then(function (said) {
      if (!said || seq !== checkSeq || f !== form()) { return; }
      f.querySelectorAll("[data-place]").forEach(function (el) { el.textContent = ""; });
      f.querySelectorAll("[aria-invalid]").forEach(function (el) { el.removeAttribute("aria-invalid"); });
      Object.keys(said.refusals || {}).forEach(function (name) {
        if (name && !touched[name]) { return; } // a field not reached yet is not refused yet
        var where = box(f, name);
        where.appendChild(paragraph("error", [said.refusals[name]]));
        var field = fieldEl(f, name);
        if (field) { (field.querySelector("input:not([type=radio]):not([type=checkbox])") || field).setAttribute("aria-invalid", "true"); }
      });
      (said.findings || []).forEach(function (found) {
        box(f, found.place === null ? "" : found.place).appendChild(
          paragraph("finding " + found.severity, [["code", found.code], " " + found.message + " ", ["rule", "[" + found.rule + "]"]])
        );
      });
    }).catch(function () { /* offline: the check waits for Record */ });
  }

  // --- drafts: what is typed survives Back and reload -----------------------------------
  function saveDraft(f) { writeJSON("sessionStorage", draftKey(f), values(f)); }
  function restoreDraft(f) {
    if (!f.hasAttribute("data-fresh")) { return; }
    var draft = readJSON("sessionStorage", draftKey(f));
    if (!draft) { return; }
    f.querySelectorAll("input[name]").forEach(function (input) {
      if (FORM_KEYS[input.name] || input.type === "hidden") { return; }
      if (!(input.name in draft)) { return; }
      var given = String(draft[input.name]);
      if (input.type === "radio") { input.checked = input.value === given; }
      else if (input.type === "checkbox") { input.checked = given.split(",").indexOf(input.value) >= 0; }
      else { input.value = given; }
      touched[input.name] = true;
    });
  }

  // --- Record: sent once, kept until the server answers ---------------------------------
  function pendingBanner() {
    var pending = readJSON("localStorage", pendingKey());
    var banner = document.querySelector(".pending");
    if (banner) { banner.hidden = !pending || sending; } // in flight: not said until it fails
    var f = form();
    var record = f && f.querySelector("button.record");
    if (record) { record.disabled = !!pending || sending; }
  }
  function swap(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var main = doc.querySelector("main");
    if (!main) { return false; }
    document.querySelector("main").replaceWith(document.importNode(main, true));
    if (doc.title) { document.title = doc.title; }
    return true;
  }
  function send(item) {
    if (sending) { return; }
    sending = true;
    pendingBanner();
    fetch(item.url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: item.body,
      credentials: "same-origin"
    }).then(function (reply) {
      return reply.text().then(function (html) { return [reply, html]; });
    }).then(function (got) {
      // any answer of the server: the entry is no longer this phone's to send
      writeJSON("localStorage", pendingKey(), null);
      sending = false;
      var reply = got[0];
      if (reply.headers.get("Content-Type") && reply.headers.get("Content-Type").indexOf("text/html") === 0 && swap(got[1])) {
        var f = form();
        if (reply.ok && (!f || f.getAttribute("data-expected") !== item.expected)) {
          writeJSON("sessionStorage", item.draft, null); // saved (or already): the draft is done
        } else if (reply.status === 409 && f && f.getAttribute("data-expected") !== item.expected) {
          // Kept on this phone while another recorded this entry's place: not saved, and its
          // values come back on the new screen for the scorer to compare, never lost unseen.
          writeJSON("sessionStorage", draftKey(f), readJSON("sessionStorage", item.draft));
        }
        history.replaceState(null, "", item.page);
        start();
      } else {
        var alert = document.createElement("p");
        alert.className = "alert";
        alert.setAttribute("role", "alert");
        alert.textContent = got[1].trim().slice(0, 300);
        document.querySelector("main").prepend(alert);
        pendingBanner();
      }
    }).catch(function () {
      sending = false;
      pendingBanner(); // not answered: kept, and sent again
    });
  }
  function sendPending() {
    var pending = readJSON("localStorage", pendingKey());
    if (pending && !sending) { send(pending); }
  }
  function onSubmit(event) {
    var f = event.target;
    if (!f.classList || !f.classList.contains("entry-form") || !window.fetch) { return; }
    event.preventDefault();
    if (sending || readJSON("localStorage", pendingKey())) { return; } // a double tap sends once
    var item = {
      url: f.action,
      body: new URLSearchParams(new FormData(f)).toString(),
      expected: f.getAttribute("data-expected"),
      draft: draftKey(f),
      page: location.pathname + location.search
    };
    writeJSON("localStorage", pendingKey(), item);
    var record = f.querySelector("button.record");
    if (record) { record.disabled = true; }
    send(item);
  }

  // --- the page, at its load and after each reply -------------------------------------
  function start() {
    touched = {};
    document.documentElement.classList.add("js");
    var f = form();
    if (f) {
      restoreDraft(f);
      showApplying(f);
      if (!f.hasAttribute("data-fresh")) {
        f.querySelectorAll("input[name]").forEach(function (input) { touched[input.name] = true; });
      }
      var refused = f.querySelector("[aria-invalid]");
      if (refused) {
        var input = refused.tagName === "INPUT" ? refused : refused.querySelector("input:checked, input");
        if (input) { input.focus(); }
      }
    }
    pendingBanner();
  }

  document.addEventListener("change", onChange);
  document.addEventListener("input", onInput);
  document.addEventListener("focusin", onFocus);
  document.addEventListener("pointerup", onTapNumber);
  document.addEventListener("submit", onSubmit);
  document.addEventListener("click", function (event) {
    var t = event.target;
    if (t && t.classList && t.classList.contains("send-now")) { sendPending(); }
    if (t && t.classList && t.classList.contains("keep") && t.closest("details.undo")) {
      event.preventDefault();
      t.closest("details.undo").open = false;
    }
  });
  window.addEventListener("online", sendPending);
  window.setInterval(sendPending, RETRY_MS);
  document.addEventListener("DOMContentLoaded", function () {
    start();
    sendPending();
  });
})();
