// ringlab embed helper, for the page that embeds ringlab widgets (include it once):
//
//   <iframe title="…" src="https://…/#/ring?…&embed=1" width="720" height="640" …></iframe>
//   <script src="https://…/embed.js" async></script>
//
// Each ringlab iframe posts its content height (a plain number) to this page; this script
// sets that iframe's height to it, so the widget shows whole with no inner scrollbar.
// It does nothing else, and it only listens to ringlab frames served from the origin this
// script itself came from.
(function () {
  "use strict";

  // The origin this script was loaded from, captured now: document.currentScript is only
  // set while the script first runs (also for async scripts).
  var script = document.currentScript;
  if (!script || !script.src) return;
  var home;
  try {
    home = new URL(script.src, location.href).origin;
  } catch (e) {
    return;
  }

  // Heights outside this range (CSS pixels) are ignored.
  var MIN_HEIGHT = 40;
  var MAX_HEIGHT = 20000;

  // The iframe of this page whose window is `source`, or null.
  function frameOf(source) {
    var frames = document.getElementsByTagName("iframe");
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].contentWindow === source) return frames[i];
    }
    return null;
  }

  // The origin of an iframe's src, or null when it has none or it does not parse.
  function srcOrigin(frame) {
    try {
      return new URL(frame.src, location.href).origin;
    } catch (e) {
      return null;
    }
  }

  window.addEventListener("message", function (event) {
    var height = event.data;
    // Only a finite number in a sane range: anything else is someone else's message.
    if (typeof height !== "number" || !isFinite(height)) return;
    if (height < MIN_HEIGHT || height > MAX_HEIGHT) return;
    // Only from one of this page's iframes ...
    var frame = frameOf(event.source);
    if (!frame) return;
    // ... whose src is on this script's origin, and whose document really is there now.
    if (srcOrigin(frame) !== home || event.origin !== home) return;
    frame.style.height = Math.ceil(height) + "px";
  });
})();
