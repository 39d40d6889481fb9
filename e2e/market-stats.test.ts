import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoA11yViolations } from './support/a11y';
import { registerUser, startAdminTestServer, type SeedUser } from './support/admin';
import { launchBrowser, openPage, screenshotBoth, screenshotViewport, viewports } from './support/browser';
import { apiCall, createListingByApi } from './support/listings';
import { ownerAndRealtor } from './support/parties';
import { startTestServer, type TestServer } from './support/server';

/*
 * Issue 17, item 5 in the browser: a visitor opens the market stats from the
 * landing page. On a new marketplace they say there is not enough yet; once
 * five Austin listings drew bids, Austin shows with its numbers in a table
 * (cards on a phone) for either period, and nothing names a listing or a
 * person; the two Waco listings stay hidden. Loading and error states, and
 * the way in from 'List a property'.
 */

const owner: SeedUser = { username: 'maya_market', password: 'Homeowner1', name: 'Maya Marketson', email: 'maya@example.com', role: 'homeowner' };
const agent: SeedUser = { username: 'sam_stats', password: 'Realtor123', name: 'Sam Statsworth', email: 'sam@example.com', role: 'realtor' };

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAdminTestServer(), launchBrowser()]);
  await Promise.all([owner, agent].map((person) => registerUser(server.url, person)));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('market stats by area', () => {
  it('says there is not enough yet on a new marketplace', async () => {
    const empty = await startTestServer();
    try {
      const page = await openPage(browser, { baseURL: empty.url });
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('link', { name: 'Market stats' }).click();
      await page.waitForURL(/\/market(\?days=30)?$/);
      await page.getByText('Not enough listings yet to show stats for the last 30 days').waitFor();
      expect(await page.title()).toBe('Market stats by area · BidHome');
      await screenshotBoth(page, 'market-stats-empty');
    } finally {
      await empty.stop();
    }
  });

  it('shows an area once five listings went live in it, for 30 and 90 days, naming no listing or person', async () => {
    const { ownerPage, page: realtorPage } = await ownerAndRealtor(browser, server.url, { owner, realtor: agent }, 5);
    const titles = ['Bluebonnet Bungalow', 'Congress Avenue Loft', 'Zilker Park Cottage', 'Barton Springs Ranch', 'Mueller Townhome'];
    const austin: string[] = [];
    for (const [index, title] of titles.entries()) {
      austin.push(await createListingByApi(ownerPage, server.url, { title, location: index === 0 ? 'austin, TX' : 'Austin, TX', address: `${index + 1} Pecan Street` }));
    }
    for (const title of ['Waco Farmhouse', 'Brazos River House']) await createListingByApi(ownerPage, server.url, { title, location: 'Waco, TX' });
    for (const id of austin) await apiCall(realtorPage, server.url, 'POST', `/api/properties/${id}/bid`, { propertyId: id, amount: 150 });

    // A visitor, from the landing page's own top bar.
    const page = await openPage(browser, { baseURL: server.url });
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Market stats' }).click();
    await page.waitForURL(/\/market(\?days=30)?$/);
    await page.getByRole('heading', { name: 'Market stats by area', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Market stats by area, last 30 days' });
    await table.waitFor();
    expect(await table.getByRole('row').allInnerTexts()).toEqual([
      expect.stringMatching(/Area\s+Listings\s+Bids per listing\s+Median time to first bid/),
      expect.stringMatching(/Austin, TX\s+5\s+1\s+Under 3 min/),
    ]);
    expect(await page.getByTestId('market-suppression').innerText()).toContain('an area needs 5 listings in the period to be shown');
    const text = await page.locator('main').innerText();
    for (const secret of [...titles, 'Waco', 'Pecan Street', owner.name, agent.name]) expect(text).not.toContain(secret);
    await expectNoA11yViolations(page);
    await screenshotBoth(page, 'market-stats');

    await page.getByRole('tab', { name: 'Last 90 days' }).click();
    await page.waitForURL('**/market?days=90');
    await page.getByRole('table', { name: 'Market stats by area, last 90 days' }).getByRole('row', { name: /Austin, TX/ }).waitFor();
    await screenshotBoth(page, 'market-stats-90-days');
    // A phone gets a card per area instead of the table.
    await page.setViewportSize(viewports.phone);
    await page.getByRole('listitem').filter({ hasText: 'Austin, TX' }).getByText('Under 3 min').waitFor();
    expect(await page.getByRole('table').isVisible()).toBe(false);

    // The homeowner finds the same page from 'List a property'.
    await ownerPage.goto('/list-property');
    const fromListing = ownerPage.getByRole('link', { name: 'How listings do in your area' });
    await fromListing.waitFor();
    await screenshotViewport(ownerPage, 'market-stats-list-property-link');
    await fromListing.click();
    await ownerPage.waitForURL(/\/market(\?days=30)?$/);
    await ownerPage.getByRole('row', { name: /Austin, TX/ }).waitFor();
  });

  it('shows a skeleton while loading, and an error with a way to try again', async () => {
    const page = await openPage(browser, { baseURL: server.url, allowConsoleErrors: [/net::ERR_FAILED/] });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/stats/areas', async (route) => {
      await held;
      await route.abort('failed');
    });
    await page.goto('/market');
    await page.getByRole('status').getByText('Loading market stats').waitFor({ state: 'attached' });
    await screenshotBoth(page, 'market-stats-loading');
    release();
    await page.getByRole('alert').getByText('Failed to load the market stats').waitFor({ timeout: 20_000 });
    await screenshotBoth(page, 'market-stats-error');
    await page.unroute('**/api/stats/areas');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('row', { name: /Austin, TX/ }).waitFor();
  });
});
