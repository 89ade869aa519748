// What tools/prerender.mjs and the e2e test first-paint.test.js share: the widths a view
// is saved at, and two functions that run in the page (Playwright's evaluate): one waits
// until the page stops changing, one writes the app's element out as markup.

/** The widths a view is saved at; boot.js takes the phone's below 760 CSS px. */
export const WIDTHS = { phone: { width: 412, height: 823 }, wide: { width: 1280, height: 900 } };

/** How long the page must stay unchanged to count as settled, and the most to wait (ms). */
export const SETTLE = [400, 10_000];

/** In the page: resolves once nothing in the document changed for `quiet` ms. */
export function settled([quiet, longest]) {
  return new Promise((done) => {
    let timer;
    const calm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => done(true), quiet);
    };
    new MutationObserver(calm).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    calm();
    setTimeout(() => done(false), longest);
  });
}

/** In the page: the app's element as markup, with the fields' values in attributes. */
export function snapshot() {
  // A picture's outline longer than this many characters is left to the module.
  const LONG_PATH = 2000;
  const app = document.querySelector("body > .app");
  const copy = app.cloneNode(true);
  const fields = "input, textarea, select";
  const live = app.querySelectorAll(fields);
  copy.querySelectorAll(fields).forEach((field, i) => {
    const from = live[i];
    if (field instanceof HTMLInputElement) {
      if (field.type === "checkbox" || field.type === "radio") field.toggleAttribute("checked", from.checked);
      else field.setAttribute("value", from.value);
    } else if (field instanceof HTMLTextAreaElement) {
      field.textContent = from.value;
    } else {
      [...field.options].forEach((option, j) => option.toggleAttribute("selected", from.options[j].selected));
    }
  });
  // What a closed <details> or a `hidden` element hides keeps its element, without its
  // content: the saved page is smaller (the header's closed menus, the panels a reader
  // opens) and looks the same. (Not what `display: none` hides: a rule for one width may
  // show it at another.) Nor do the links keep their titles, which an inert page never
  // shows.
  for (const hidden of copy.querySelectorAll("details:not([open]) > :not(summary), [hidden]")) hidden.replaceChildren();
  for (const link of copy.querySelectorAll("a[title]")) link.removeAttribute("title");
  // Nor the long outlines of a picture (a ring's hundreds of arcs: most of a saved page's
  // weight): the picture's frame and track show at once, its arcs when the module draws.
  for (const path of copy.querySelectorAll("path")) {
    if ((path.getAttribute("d") ?? "").length > LONG_PATH) path.removeAttribute("d");
  }
  // Links the app writes in full (an embedded view opens the app in a new tab) lose this
  // server's address: the saved page is served from any address.
  const base = location.origin + location.pathname;
  for (const link of copy.querySelectorAll("a[href]")) {
    const href = link.getAttribute("href");
    if (href.startsWith(base)) link.setAttribute("href", href.slice(base.length));
  }
  // A frame in the saved page would load its document twice: once here, once in the app.
  for (const frame of copy.querySelectorAll("iframe[src]")) frame.removeAttribute("src");
  // The page's Content-Security-Policy refuses inline styles: the app writes none.
  const styled = copy.querySelectorAll("[style]").length;
  copy.setAttribute("inert", "");
  copy.setAttribute("data-ringlab-first", "");
  return { html: copy.outerHTML, styled };
}


/**
 * The lab's Web Worker, never answered: a view that starts a run on load (Compare) is saved
 * as it first draws, at 0%, not at whatever point a run had reached.
 */
export const WORKER = /\/lab-worker(_bg|_loader)?\.(js|wasm)$/;
