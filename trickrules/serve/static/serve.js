// Clicking a card of the pack adds it to the card field last focused (the first one at first).
(function () {
  "use strict";
  var fields = document.querySelectorAll("input.cards");
  var target = fields.length ? fields[0] : null;
  fields.forEach(function (field) {
    field.addEventListener("focus", function () {
      if (target) { target.classList.remove("target"); }
      target = field;
      field.classList.add("target");
    });
  });
  if (target) { target.classList.add("target"); }
  document.querySelectorAll("button.pick").forEach(function (button) {
    button.addEventListener("click", function () {
      if (!target) { return; }
      var card = button.getAttribute("data-card");
      var words = target.value.split(/[\s,]+/).filter(Boolean);
      if (words.indexOf(card) < 0) { words.push(card); }
      target.value = words.join(" ");
      target.focus();
    });
  });
}());
