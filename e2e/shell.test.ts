import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, pageOverflowsHorizontally, screenshot, viewports } from './support/browser';
import { startTestServer, type TestServer } from './support/server';

const TAGLINE = 'The easiest way to find the best realtors';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

function siteHeader(page: Page) {
  return page.getByRole('banner');
}

describe('web shell', () => {
  it('shows the landing hero without the site header', async () => {
    const page = await openPage(browser, { baseURL: server.url });
    await page.goto('/');

    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(TAGLINE);
    expect(await page.title()).toBe(`BidHome · ${TAGLINE}`);
    expect(await siteHeader(page).count()).toBe(0);
    // /auth, on its Register tab (issue 16: sign-up calls to action open Register).
    expect(await page.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/auth?tab=register');
    // The Toaster is mounted on every page, with its hotkey announced.
    expect(await page.getByRole('region', { name: 'Notifications (F8)' }).count()).toBe(1);
    await screenshot(page, 'landing-desktop');
  });

  it('serves a spinner in the page itself, so a signed-in route is never a white page while the scripts load', async () => {
    const page = await openPage(browser, { baseURL: server.url });
    const html = await (await page.request.get('/home')).text();
    expect(html).toMatch(/<div id="root"><div role="status" data-testid="boot-spinner"/);
    // React replaces it once the app renders.
    await page.goto('/');
    await page.getByRole('heading', { name: TAGLINE }).waitFor();
    expect(await page.getByTestId('boot-spinner').count()).toBe(0);
  });

  it('shows the not-found page under the site header, with a way home', async () => {
    const page = await openPage(browser, { baseURL: server.url });
    await page.goto('/no-such-page');

    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(await page.getByText('Did you forget to add the page to the router?').isVisible()).toBe(true);
    // The browser tab says it too, not the landing page's title.
    expect(await page.title()).toBe('404 Page Not Found · BidHome');
    const header = siteHeader(page);
    expect(await header.isVisible()).toBe(true);
    for (const name of ['Home', 'About', 'Contact', 'Login']) {
      expect(await header.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    }
    expect(await header.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/auth');
    await screenshot(page, 'not-found-desktop');

    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.getByRole('heading', { name: TAGLINE }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await siteHeader(page).count()).toBe(0);
    expect(await page.title()).toBe('BidHome · The easiest way to find the best realtors');
  });

  it('logs no console error on a signed-out visitor’s pages, not even the 401 of asking who is signed in', async () => {
    const page = await openPage(browser, { baseURL: server.url });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/user') asked.push(request.url());
    });
    for (const [path, heading] of [
      ['/', TAGLINE],
      ['/about', TAGLINE],
      ['/market', 'Market stats by area'],
      ['/auth', 'Welcome to BidHome'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading }).first().waitFor();
    }
    expect(errors).toEqual([]);
    expect(asked).toEqual([]);
    // GET /api/user still answers 401 for no session, as the spec says.
    expect((await page.request.get('/api/user')).status()).toBe(401);
  });

  it('fits a phone: the landing stacks and the header collapses into a menu', async () => {
    const page = await openPage(browser, { baseURL: server.url, viewport: viewports.phone });
    await page.goto('/');
    await page.getByRole('heading', { name: TAGLINE }).waitFor();
    expect(await pageOverflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'landing-phone');

    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    const header = siteHeader(page);
    const about = header.getByRole('link', { name: 'About' });
    expect(await about.isVisible()).toBe(false);
    expect(await pageOverflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'not-found-phone');

    await header.getByRole('button', { name: 'Open menu' }).click();
    await about.waitFor({ state: 'visible' });
    expect(await header.getByRole('link', { name: 'Login' }).isVisible()).toBe(true);
    await screenshot(page, 'header-menu-phone');

    // Following a link closes the menu.
    await about.click();
    await page.waitForURL('**/about');
    await header.getByRole('button', { name: 'Open menu' }).waitFor();
    expect(await header.getByRole('link', { name: 'Contact' }).isVisible()).toBe(false);
  });
});
