import { createHash } from 'node:crypto';
/*
 * The public pages' first screen, prerendered at build time (scripts/prerender.ts, src/web/prerender.tsx): a guest's
 * HTML carries it in #root, so the text paints with the HTML rather than after the scripts (docs/decisions/0058).
 */

/** Where the build writes it, beside index.html. */
export const PRERENDERED_FILE = 'prerendered.json';

/** Pathname → the markup of #root for a visitor's first render of it. */
export type Prerendered = Record<string, string>;

const ROOT_ELEMENT = /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/;

/**
 * index.html with #root holding `markup` in place of the boot spinner, marked so the client knows to render over it
 * only once its router has loaded the page (src/web/main.tsx). Unchanged when the HTML has no #root to fill.
 */
export function withPrerendered(html: string, markup: string): string {
  return html.replace(ROOT_ELEMENT, (_match, bodyEnd: string) => `<div id="root" data-prerendered="">${markup}</div>${bodyEnd}`);
}

const MODULE_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * Adds the scripts its data-scripts names (the entry, then the modules it preloads) once the page has painted, and,
 * when #root holds a lead picture still loading (/home's), once that has loaded or failed, at most 3 s on. Inline, at
 * the end of the body, so it costs no request of its own; the CSP allows it by its hash (START_AFTER_PAINT_CSP).
 */
export const START_AFTER_PAINT_SCRIPT = `(function (d) {
  var s = d.currentScript.getAttribute('data-scripts').split(' '), on = 0, img = d.querySelector('#root img[fetchpriority="high"]');
  function add(src, i) {
    var e = d.createElement(i ? 'link' : 'script');
    if (i) e.rel = 'modulepreload';
    else e.type = 'module';
    e[i ? 'href' : 'src'] = src;
    e.crossOrigin = '';
    d.head.appendChild(e);
  }
  function go() {
    if (on++) return;
    s.forEach(function (src, i) {
      setTimeout(add, 0, src, i);
    });
  }
  function painted() {
    requestAnimationFrame(function () {
      setTimeout(go, 0);
    });
  }
  if (img && !img.complete) {
    img.onload = img.onerror = painted;
    setTimeout(go, 3000);
  } else painted();
})(document);`;

/** The script-src source that allows START_AFTER_PAINT_SCRIPT and no other inline script. */
export const START_AFTER_PAINT_CSP = `'sha256-${createHash('sha256').update(START_AFTER_PAINT_SCRIPT).digest('base64')}'`;

/**
 * The page's scripts (the entry and every module it preloads) requested once its first screen, which came in the HTML,
 * has painted, and on /home once its lead picture has loaded. On a phone's connection they otherwise share the
 * bandwidth with the picture and the stylesheet that first paint waits for; the page shows the same meanwhile, its
 * links work, and the client renders over it as before (docs/decisions/0058). Unchanged without an entry script.
 */
export function withScriptsAfterPaint(html: string): string {
  const entry = MODULE_SCRIPT.exec(html)?.[1];
  if (entry === undefined) return html;
  const scripts = [entry, ...[...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] as string)];
  const loader = `<script data-scripts="${scripts.join(' ')}">${START_AFTER_PAINT_SCRIPT}</script>`;
  return html.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, '').replace('</body>', `  ${loader}\n  </body>`);
}
