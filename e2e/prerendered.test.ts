import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshotBoth, viewports } from './support/browser';
import { htmlElementsKept, keepHtmlElements } from './support/adoption';
import { startTestServer, type TestServer } from './support/server';

/*
 * Decision 0058: a guest's / and /market carry their first screen in the HTML (prerendered at build time), so the
 * text paints before the scripts run; the client renders the same screen over it, and the page works as before.
 */

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PAGES = [
  { path: '/', heading: 'The easiest way to find the best realtors' },
  { path: '/market', heading: 'Market stats by area' },
];

/** Where each element of the first screen is, to compare the HTML's screen with the client's. */
function boxesOf(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('#root h1, #root h2, #root p, #root a')]
      .filter((element) => element.getBoundingClientRect().top < window.innerHeight)
      .map((element) => {
        const box = element.getBoundingClientRect();
        return `${element.tagName} ${element.textContent?.trim().slice(0, 40)} @${Math.round(box.left)},${Math.round(box.top)} ${Math.round(box.width)}×${Math.round(box.height)}`;
      }),
  );
}

describe('the public pages prerendered', () => {
  for (const { path, heading } of PAGES) {
    it(`${path}: the HTML shows the heading without scripts, and the client's first screen lays out the same`, async () => {
      const html = await (await fetch(`${server.url}${path}`)).text();
      expect(html).toContain('<div id="root" data-prerendered="">');
      expect(html).toContain(heading);

      // No scripts: what the HTML alone paints.
      const context = await browser.newContext({ baseURL: server.url, viewport: viewports.phone, javaScriptEnabled: false, reducedMotion: 'reduce' });
      const still = await context.newPage();
      await still.goto(path);
      expect(await still.getByRole('heading', { level: 1, name: heading }).isVisible()).toBe(true);
      const before = await boxesOf(still);
      await context.close();

      const page = await openPage(browser, { baseURL: server.url, viewport: viewports.phone });
      await page.goto(path);
      // The client marks the screen its own once its first page has rendered.
      await page.locator('#root:not([data-prerendered]) h1').waitFor();
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
      // Everything the HTML showed is where it was (/market's figures may have come in below them since).
      expect(await boxesOf(page)).toEqual(expect.arrayContaining(before));
      // Nor is the address rewritten (/market's default period stays out of it), which would load the page again.
      expect(new URL(page.url()).search).toBe('');
      await screenshotBoth(page, `prerendered${path === '/' ? '-landing' : path.replace('/', '-')}`);
    });
  }

  for (const { path } of PAGES) {
    it(`${path}: the client adopts the HTML's elements (hydration) rather than rendering new ones over them`, async () => {
      const page = await openPage(browser, { baseURL: server.url });
      await page.addInitScript(keepHtmlElements);
      await page.goto(path);
      const kept = await htmlElementsKept(page);
      expect(kept.length).toBeGreaterThan(5);
      expect(kept.every(Boolean)).toBe(true);
    });
  }

  it('the client takes over the prerendered screen: its links navigate in the page', async () => {
    const page = await openPage(browser, { baseURL: server.url });
    await page.goto('/');
    await page.locator('#root:not([data-prerendered]) h1').waitFor();
    await page.evaluate(() => ((window as unknown as { __kept: boolean }).__kept = true));
    await page.getByRole('link', { name: 'Market stats' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Market stats by area' }).waitFor();
    // Still the same document: the router navigated.
    expect(await page.evaluate(() => (window as unknown as { __kept?: boolean }).__kept)).toBe(true);
  });

  it('a signed-in page and a page with a query get no prerendered screen', async () => {
    const withQuery = await (await fetch(`${server.url}/market?days=90`)).text();
    expect(withQuery).not.toContain('data-prerendered');
    const withSession = await (await fetch(`${server.url}/`, { headers: { cookie: 'session=not-a-session' } })).text();
    expect(withSession).not.toContain('data-prerendered');
  });
});
