// The example page's own light/dark toggle, as documentation themes have one: it sets
// <html data-theme> and the stylesheet follows; embed.js sees the change and tells the
// widgets that follow the page.
(function () {
  "use strict";
  var button = document.getElementById("page-theme");
  if (!button) return;
  button.addEventListener("click", function () {
    var dark = document.documentElement.getAttribute("data-theme") !== "dark";
    document.documentElement.setAttribute("data-theme", dark ? "dark" : "light");
    button.textContent = dark ? "Make this page light" : "Make this page dark";
  });
})();
