// The widget's half of the embed protocol (the host's half is embed.js). Version 1:
//
//   widget -> host  {type: "ringlab:ready",  version: 1, theme: "auto" | "light" | "dark"}
//                   once, on start; `theme` is the widget's own `theme=` (auto: it follows
//                   the host).
//   widget -> host  {type: "ringlab:resize", version: 1, height: <CSS px>}
//                   on start and whenever the content's height changes.
//   host -> widget  {type: "ringlab:theme",  version: 1, scheme: "light" | "dark" | "auto"}
//                   the host page's colour scheme; auto gives the choice back to
//                   prefers-color-scheme.
//   host -> widget  {type: "ringlab:hello",  version: 1}
//                   a host script that started after the widget asks for "ready" and the
//                   height again.
//
// Messages go to the embedding page's origin when the browser tells it
// (location.ancestorOrigins, else the referrer), and to "*" only when it does not: a height
// is no secret. A theme message is taken only from the parent window, and from that origin
// when it is known. The scheme lands on <html data-host-theme>, which the stylesheet
// follows unless the address says `theme=`; the app hears "ringlab-theme" and repaints its
// canvases, keeping the reader's state.
//
// A widget that is itself a host (the walkthrough embeds its widgets) passes the scheme on
// to its own frames, and answers their "ready" with it.
(() => {
  "use strict";
  const VERSION = 1;
  const root = document.documentElement;
  const SCHEMES = ["light", "dark", "auto"];

  // The scheme this page was told by its own host, if any.
  let hostScheme = null;

  const applyScheme = (scheme) => {
    if (!SCHEMES.includes(scheme)) return;
    hostScheme = scheme;
    if (scheme === "auto") delete root.dataset.hostTheme;
    else root.dataset.hostTheme = scheme;
    window.dispatchEvent(new Event("ringlab-theme"));
    for (const frame of document.querySelectorAll("iframe")) tellScheme(frame.contentWindow);
  };

  // Our own frames are on our origin: the scheme goes there only.
  const tellScheme = (target) => {
    if (!target || hostScheme === null) return;
    target.postMessage({ type: "ringlab:theme", version: VERSION, scheme: hostScheme }, location.origin);
  };

  // Our own frames' "ready": answer with the scheme we were told.
  window.addEventListener("message", (event) => {
    const data = event.data;
    if (!data || typeof data !== "object" || data.version !== VERSION) return;
    if (data.type === "ringlab:ready" && event.origin === location.origin && event.source !== window.parent) {
      tellScheme(event.source);
    }
  });

  if (window.parent === window) return;

  // The embedding page's origin, when the browser says it.
  const parentOrigin = (() => {
    try {
      if (location.ancestorOrigins && location.ancestorOrigins.length > 0) {
        const origin = location.ancestorOrigins[0];
        if (origin && origin !== "null") return origin;
      }
      if (document.referrer) return new URL(document.referrer).origin;
    } catch {}
    return null;
  })();
  const target = parentOrigin ?? "*";
  const send = (message) => window.parent.postMessage({ ...message, version: VERSION }, target);

  window.addEventListener("message", (event) => {
    if (event.source !== window.parent) return;
    if (parentOrigin !== null && event.origin !== parentOrigin) return;
    const data = event.data;
    if (!data || typeof data !== "object" || data.version !== VERSION) return;
    if (data.type === "ringlab:theme") applyScheme(data.scheme);
    if (data.type === "ringlab:hello") {
      sayReady();
      sent = -1;
      post();
    }
  });

  const ownTheme = (() => {
    const match = /[?&]theme=(light|dark)(?:&|$)/.exec(location.hash);
    return match ? match[1] : "auto";
  })();
  const sayReady = () => send({ type: "ringlab:ready", theme: ownTheme });
  sayReady();

  // The content's height: the root element's box. Not scrollHeight, which never drops
  // below the iframe's own height and so could only ever grow.
  let sent = -1;
  const post = () => {
    const height = Math.ceil(root.getBoundingClientRect().height);
    if (height === sent || !Number.isFinite(height) || height <= 0) return;
    sent = height;
    send({ type: "ringlab:resize", height });
  };

  // The root's box changes when the content changes height or the iframe's width changes
  // (which reflows the content).
  if ("ResizeObserver" in window) {
    const observer = new ResizeObserver(post);
    observer.observe(root);
    if (document.body) observer.observe(document.body);
  }
  // Chromium renders a cross-origin frame that is off screen only when it comes into view,
  // and ResizeObserver speaks only when it renders: a widget loaded lazily below the fold
  // would tell its height as the reader scrolls onto it, and push the page under their
  // eyes. Changes to the document are seen without rendering, so a frame off screen
  // measures itself (a forced layout) after each batch of them, and the host has its
  // height before it is seen.
  if ("MutationObserver" in window) {
    let pending = false;
    const soon = () => {
      if (pending) return;
      pending = true;
      setTimeout(() => {
        pending = false;
        post();
      }, 50);
    };
    new MutationObserver(soon).observe(root, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: ["class", "style", "hidden", "open"],
    });
  }
  window.addEventListener("load", post);
  window.addEventListener("resize", post);
  post();
})();
