// Only to make the pad quicker; every page works without it. The first empty (or refused)
// answer gets the focus, and a number field opens the phone's number keyboard.
"use strict";
document.addEventListener("DOMContentLoaded", function () {
  var fields = document.querySelectorAll(".entry-form .field input");
  var first = null;
  fields.forEach(function (input) {
    if (/^\s*(-?\d+)?\s*$/.test(input.value) && !input.closest(".field").querySelector(".choices")) {
      var hasChoices = document.querySelector('.choices [name="pick-' + input.name + '"]');
      if (!hasChoices) { input.setAttribute("inputmode", "numeric"); }
    }
    if (!first && (input.value === "" || input.getAttribute("aria-invalid") === "true")) { first = input; }
  });
  if (first) { first.focus(); }
  fields.forEach(function (input) {
    input.addEventListener("focus", function () { input.select(); });
  });
});
