// ringlab embed helper, for a page that embeds ringlab widgets:
//
//   <iframe title="…" src="https://…/#/ring?…&embed=1" width="100%" height="720" loading="lazy"></iframe>
//   <script src="https://…/embed.js" async></script>
//
// It does three things for the ringlab frames served from the origin this script came from
// (and for no other frame):
//   - sizes each frame to its content, so the widget shows whole with no inner scrollbar;
//   - gives each frame without a `theme=` of its own this page's colour scheme, and tells
//     it again whenever the page's light/dark toggle flips;
//   - takes away the default iframe border (the snippet has no style attribute, which MDX
//     would refuse).
//
// The page's scheme is, in this order: <html data-ringlab-theme="light|dark|auto"> when the
// page sets it (the one call a page with no other signal needs); the computed
// `color-scheme` around the frame when it names one scheme; the luminance of the background
// the frame sits on; and where nothing up to the root paints one, what the browser paints
// there: white for a page whose `color-scheme` is `normal`, and the reader's
// prefers-color-scheme only for a page that says `light dark` (or where nothing can be
// read at all).
//
// The messages (version 1) are described in frame.js. Bare numbers, which widgets posted
// before the protocol had names, are still taken as heights. Including this script more
// than once is harmless: the second copy for the same origin does nothing.
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
  var loaded = (window.__ringlabEmbed = window.__ringlabEmbed || {});
  if (loaded[home]) return;
  loaded[home] = true;

  var VERSION = 1;
  // Heights outside this range (CSS pixels) are ignored.
  var MIN_HEIGHT = 40;
  var MAX_HEIGHT = 20000;
  var root = document.documentElement;

  // Our frames that said "ready", each with the scheme last sent and whether it follows
  // this page's.
  var following = [];

  // The origin of an iframe's src, or null when it has none or it does not parse.
  function srcOrigin(frame) {
    try {
      return new URL(frame.src, location.href).origin;
    } catch (e) {
      return null;
    }
  }

  // This page's iframe on our origin whose window is `source`, or null.
  function ourFrame(source) {
    var frames = document.getElementsByTagName("iframe");
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].contentWindow === source && srcOrigin(frames[i]) === home) return frames[i];
    }
    return null;
  }

  function unstyle(frame) {
    if (frame.dataset.ringlabStyled) return;
    frame.dataset.ringlabStyled = "1";
    frame.style.border = "0";
    frame.style.maxWidth = "100%";
  }

  function setHeight(frame, height) {
    if (typeof height !== "number" || !isFinite(height)) return;
    if (height < MIN_HEIGHT || height > MAX_HEIGHT) return;
    frame.style.height = Math.ceil(height) + "px";
  }

  // "dark", "light" or null, from a computed `color-scheme` ("normal" and "light dark"
  // name no single scheme).
  function oneScheme(value) {
    var words = String(value || "").split(/\s+/);
    var dark = words.indexOf("dark") >= 0;
    var light = words.indexOf("light") >= 0;
    if (dark && !light) return "dark";
    if (light && !dark) return "light";
    return null;
  }

  // The luminance (0..1) of the first opaque background from `element` up, or null.
  function backgroundLuminance(element) {
    for (var el = element; el && el.nodeType === 1; el = el.parentElement) {
      var parts = (getComputedStyle(el).backgroundColor.match(/[\d.]+/g) || []).map(Number);
      if (parts.length < 3 || (parts.length > 3 && parts[3] < 0.5)) continue;
      return (0.2126 * parts[0] + 0.7152 * parts[1] + 0.0722 * parts[2]) / 255;
    }
    return null;
  }

  function prefersDark() {
    return !!(window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches);
  }

  // The scheme of a page that paints no background of its own, as the browser paints it:
  // white, unless the page allows dark (`color-scheme: light dark` on its root, or the
  // <meta name="color-scheme"> that a computed style does not show), and then as the
  // reader prefers. Where nothing can be read, as the reader prefers.
  function unpaintedScheme() {
    var value = getComputedStyle(root).colorScheme;
    if (typeof value !== "string") return prefersDark() ? "dark" : "light";
    if (value === "normal") {
      var meta = document.querySelector('meta[name="color-scheme"]');
      if (meta) value = meta.getAttribute("content") || "";
    }
    var words = value.split(/\s+/);
    if (words.indexOf("dark") < 0) return "light";
    if (words.indexOf("light") < 0) return "dark";
    return prefersDark() ? "dark" : "light";
  }

  // The scheme this page shows around `frame`.
  function pageScheme(frame) {
    var said = root.getAttribute("data-ringlab-theme");
    if (said === "light" || said === "dark" || said === "auto") return said;
    // The frame inherits its parent's color-scheme; its own is the one set below.
    var parent = frame.parentElement || root;
    var named = oneScheme(getComputedStyle(parent).colorScheme);
    if (named) return named;
    var luminance = backgroundLuminance(parent);
    if (luminance !== null) return luminance < 0.4 ? "dark" : "light";
    return unpaintedScheme();
  }

  function tell(entry) {
    if (!entry.frame.isConnected || !entry.frame.contentWindow) return;
    var scheme = pageScheme(entry.frame);
    if (scheme === entry.sent) return;
    entry.sent = scheme;
    // The frame's own element carries the scheme too: with `transparent=1`, a frame whose
    // scheme differs from its element's gets an opaque backdrop in Chromium.
    entry.frame.style.colorScheme = scheme === "auto" ? "" : scheme;
    entry.frame.contentWindow.postMessage({ type: "ringlab:theme", version: VERSION, scheme: scheme }, home);
  }

  function tellAll() {
    following = following.filter(function (entry) {
      return entry.frame.isConnected;
    });
    following.forEach(function (entry) {
      if (entry.auto) tell(entry);
    });
  }

  // A toggle changes an attribute or class; a colour transition may follow, so look now
  // and once more when it has settled.
  var again = null;
  function pageChanged() {
    tellAll();
    clearTimeout(again);
    again = setTimeout(tellAll, 400);
  }

  function entryOf(frame) {
    for (var i = 0; i < following.length; i++) {
      if (following[i].frame === frame) return following[i];
    }
    var entry = { frame: frame, sent: null, auto: false };
    following.push(entry);
    return entry;
  }

  window.addEventListener("message", function (event) {
    if (event.origin !== home) return;
    var frame = ourFrame(event.source);
    if (!frame) return;
    var data = event.data;
    if (typeof data === "number") {
      // Before version 1, widgets posted their height as a bare number.
      setHeight(frame, data);
      return;
    }
    if (!data || typeof data !== "object" || data.version !== VERSION) return;
    unstyle(frame);
    if (data.type === "ringlab:resize") {
      setHeight(frame, data.height);
    } else if (data.type === "ringlab:ready") {
      // A frame that names its own theme keeps it.
      var entry = entryOf(frame);
      entry.auto = data.theme !== "light" && data.theme !== "dark";
      entry.sent = null;
      if (entry.auto) tell(entry);
    }
  });

  // Frames already in the page lose their border now. Those already running sent "ready"
  // and their height before this script listened: "hello" asks them again. It says nothing,
  // so it may go to any origin, and a frame still loading (about:blank) ignores it.
  var frames = document.getElementsByTagName("iframe");
  for (var i = 0; i < frames.length; i++) {
    if (srcOrigin(frames[i]) === home) {
      unstyle(frames[i]);
      if (frames[i].contentWindow) {
        frames[i].contentWindow.postMessage({ type: "ringlab:hello", version: VERSION }, "*");
      }
    }
  }

  if (window.MutationObserver) {
    var observer = new MutationObserver(pageChanged);
    var watch = { attributes: true };
    observer.observe(root, watch);
    var watchBody = function () {
      if (document.body) observer.observe(document.body, watch);
    };
    if (document.body) watchBody();
    else document.addEventListener("DOMContentLoaded", watchBody);
  }
  if (window.matchMedia) {
    var query = window.matchMedia("(prefers-color-scheme: dark)");
    if (query.addEventListener) query.addEventListener("change", pageChanged);
  }
})();
