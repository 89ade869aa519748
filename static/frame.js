// The widget's half of iframe sizing. When ringlab runs inside an iframe it tells the host
// page how tall its content is, as a plain number of CSS pixels posted to window.parent,
// on load and whenever that height changes (content growing or shrinking, or the host
// resizing the iframe's width). The host page's embed.js sets the iframe's height to it;
// without embed.js the messages are simply ignored. Nothing else is ever sent, so the
// target origin can be "*": the host's origin is unknown to an embed and a height is no
// secret.
(() => {
  "use strict";
  if (window.parent === window) return;

  const root = document.documentElement;
  let sent = -1;

  // The content's height: the root element's box. Not scrollHeight, which never drops
  // below the iframe's own height and so could only ever grow.
  const post = () => {
    const height = Math.ceil(root.getBoundingClientRect().height);
    if (height === sent || !Number.isFinite(height) || height <= 0) return;
    sent = height;
    window.parent.postMessage(height, "*");
  };

  // The root's box changes when the content changes height or the iframe's width changes
  // (which reflows the content).
  if ("ResizeObserver" in window) {
    const observer = new ResizeObserver(post);
    observer.observe(root);
    if (document.body) observer.observe(document.body);
  }
  window.addEventListener("load", post);
  window.addEventListener("resize", post);
  post();
})();
