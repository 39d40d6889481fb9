import type { Page } from "playwright-core";

/*
 * Decision 0058, fourth round: the client adopts the server's markup (hydration) instead of rendering new elements
 * over it. Passed to page.addInitScript, keepHtmlElements notes the HTML's headings, links, pictures and buttons before
 * any script runs (not the bell's, which becomes its menu's trigger once the menu's code is in); htmlElementsKept answers, once the client has taken the screen over, whether each is still in the
 * document (an element rendered over would have been replaced).
 */

export function keepHtmlElements(): void {
  document.addEventListener("DOMContentLoaded", () => {
    (window as unknown as { __htmlElements: Element[] }).__htmlElements = [
      ...document.querySelectorAll(
        '#root[data-prerendered] :is(h1, h2, a, img, button):not([data-testid="notification-bell"])',
      ),
    ];
  });
}

export async function htmlElementsKept(page: Page): Promise<boolean[]> {
  await page.locator("#root:not([data-prerendered])").waitFor();
  // The mark goes when the router has rendered; React may still be adopting, and a mismatch would replace the
  // screen after it: the page's requests are over and the browser has been idle once by the time this looks.
  await page.waitForLoadState("networkidle");
  await page.evaluate(
    () => new Promise((resolve) => requestIdleCallback(resolve)),
  );
  return page.evaluate(() =>
    (window as unknown as { __htmlElements: Element[] }).__htmlElements.map(
      (element) => element.isConnected,
    ),
  );
}
