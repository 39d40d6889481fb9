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
