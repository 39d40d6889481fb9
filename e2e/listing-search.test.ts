import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoA11yViolations } from './support/a11y';
import { registerUser, startAdminTestServer, superAdmin, type SeedUser } from './support/admin';
import { launchBrowser, openPage, openSignedInPage, screenshotBoth, screenshotViewport, signInByApi } from './support/browser';
import { adminCookie } from './support/legal';
import { adminApi, apiCall, approveRealtorByApi, createListingByApi, type NewListing, pendingVerificationOf, submitBillByApi, uploadPhotoByApi } from './support/listings';
import type { TestServer } from './support/server';

/*
 * Issue 17, item 1: a realtor narrows /home to the listings they want (type,
 * bedrooms, place, bidding state), orders them by the bidding end, and the
 * address holds the search: a reload keeps it, back and forward step through
 * it, an empty result says so and resets. Bid counts stay live on a filtered page.
 */

const owner: SeedUser = { username: 'hana_home', password: 'Homeowner1', name: 'Hana Home', email: 'hana@example.com', role: 'homeowner' };
const realtor: SeedUser = { username: 'rita_realtor', password: 'Realtor123', name: 'Rita Realtor', email: 'rita@example.com', role: 'realtor' };
const bidder: SeedUser = { username: 'bo_bidder', password: 'Realtor456', name: 'Bo Bidder', email: 'bo@example.com', role: 'realtor' };

const HOUR = 60 * 60 * 1000;
const endsIn = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

// Listed in this order: newest first is the reverse.
const LISTINGS: Array<NewListing & { colour: [number, number, number] }> = [
  { title: 'Maple Family House', propertyType: 'house', bedrooms: 4, bathrooms: 3, location: 'Guelph, ON', biddingEndsAt: endsIn(5 * 24), colour: [196, 120, 84] },
  { title: 'Harbourfront Condo', propertyType: 'condo', bedrooms: 2, bathrooms: 2, location: 'Kingston, ON', biddingEndsAt: endsIn(3 * 24), colour: [70, 130, 180] },
  { title: 'Cedar Street Bungalow', propertyType: 'house', bedrooms: 2, bathrooms: 1, location: 'Kingston, ON', biddingEndsAt: endsIn(10), colour: [120, 160, 90] },
  { title: 'Riverside Townhouse', propertyType: 'townhouse', bedrooms: 3, bathrooms: 2, location: 'Ottawa, ON', biddingEndsAt: endsIn(7 * 24), colour: [150, 110, 160] },
  { title: 'Downtown Studio Loft', propertyType: 'apartment', bedrooms: 1, bathrooms: 1, location: 'Toronto, ON', biddingEndsAt: endsIn(20), colour: [90, 90, 100] },
  { title: 'Lakeview House', propertyType: 'house', bedrooms: 3, bathrooms: 2, location: 'Kingston, ON', biddingEndsAt: endsIn(6 * 24), colour: [220, 180, 60] },
];

let server: TestServer;
let browser: Browser;
let admin: string;
const ids = new Map<string, string>();

beforeAll(async () => {
  [server, browser] = await Promise.all([startAdminTestServer(), launchBrowser()]);
  await Promise.all([owner, realtor, bidder].map((person) => registerUser(server.url, person)));
  admin = await adminCookie(server.url, superAdmin);
  const page = await browser.newPage({ baseURL: server.url });
  await page.request.post('/api/login', { data: owner, headers: { Origin: server.url } });
  await submitBillByApi(page, server.url);
  const row = await pendingVerificationOf(server.url, admin, owner.email);
  await adminApi(server.url, admin, 'POST', `/api/admin/verifications/${row.id}/approve`);
  for (const { colour, ...listing } of LISTINGS) {
    const photo = await uploadPhotoByApi(page, server.url, colour);
    ids.set(listing.title, await createListingByApi(page, server.url, { ...listing, images: [photo] }));
  }
  await page.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const cardTitles = (page: Page) => page.getByRole('list', { name: 'Properties' }).getByRole('heading').allTextContents();
const count = (page: Page) => page.getByTestId('listing-count').textContent();
const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

/** Waits until the grid shows exactly these titles, in order, and nothing is loading. */
async function expectTitles(page: Page, titles: string[]): Promise<void> {
  await expect.poll(() => cardTitles(page)).toEqual(titles);
  await expect.poll(() => page.getByRole('list', { name: 'Properties' }).getAttribute('aria-busy')).toBe('false');
  await expect.poll(() => count(page)).toBe(titles.length === 1 ? '1 listing' : `${titles.length} listings`);
}

async function waitForImages(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => [...document.images].every((image) => image.complete && image.naturalWidth > 0 && getComputedStyle(image).opacity === '1'))).toBe(true);
}

describe('finding listings on /home', () => {
  it('filters by type and bedrooms, orders by ending soon, and keeps the search in the address through reload, back and forward', async () => {
    const page = await openSignedInPage(browser, server.url, realtor);
    await page.goto('/home');
    await expectTitles(page, [...LISTINGS].reverse().map((listing) => listing.title));

    const type = page.getByLabel('Property type', { exact: true });
    const bedrooms = page.getByLabel('Bedrooms', { exact: true });
    const sort = page.getByLabel('Sort by', { exact: true });
    await type.selectOption('house');
    await expectTitles(page, ['Lakeview House', 'Cedar Street Bungalow', 'Maple Family House']);
    await bedrooms.selectOption('3');
    await expectTitles(page, ['Lakeview House', 'Maple Family House']);
    await sort.selectOption('ending');
    await expectTitles(page, ['Maple Family House', 'Lakeview House']);
    expect(query(page)).toEqual({ propertyType: 'house', minBedrooms: '3', sort: 'ending' });

    await page.reload();
    await expectTitles(page, ['Maple Family House', 'Lakeview House']);
    expect(await type.inputValue()).toBe('house');
    expect(await bedrooms.inputValue()).toBe('3');
    expect(await sort.inputValue()).toBe('ending');
    await waitForImages(page);
    await screenshotBoth(page, 'listing-search-filtered');
    await expectNoA11yViolations(page);

    await page.goBack();
    await expectTitles(page, ['Lakeview House', 'Maple Family House']);
    expect(await sort.inputValue()).toBe('newest');
    await page.goBack();
    await expectTitles(page, ['Lakeview House', 'Cedar Street Bungalow', 'Maple Family House']);
    expect(await bedrooms.inputValue()).toBe('');
    await page.goForward();
    await page.goForward();
    await expectTitles(page, ['Maple Family House', 'Lakeview House']);
    expect(query(page)).toEqual({ propertyType: 'house', minBedrooms: '3', sort: 'ending' });
  });

  it('searches by place as the realtor types, filters by bidding state, and says when nothing matches', async () => {
    const page = await openSignedInPage(browser, server.url, realtor);
    await page.goto('/home?state=closing');
    await expectTitles(page, ['Downtown Studio Loft', 'Cedar Street Bungalow']);

    await page.getByLabel('Bidding', { exact: true }).selectOption('');
    const box = page.getByRole('searchbox', { name: 'Search listings' });
    await box.pressSequentially('kingston', { delay: 20 });
    await expectTitles(page, ['Lakeview House', 'Cedar Street Bungalow', 'Harbourfront Condo']);
    expect(query(page)).toEqual({ search: 'kingston' });

    await page.getByLabel('Bidding', { exact: true }).selectOption('closed');
    await page.getByRole('heading', { name: 'No listings match these filters' }).waitFor();
    expect(await count(page)).toBe('0 listings');
    await screenshotBoth(page, 'listing-search-no-matches');
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: 'Reset filters' }).click();
    await expectTitles(page, [...LISTINGS].reverse().map((listing) => listing.title));
    expect(query(page)).toEqual({});
    expect(await box.inputValue()).toBe('');
  });

  it('keeps bid counts live on a filtered, reordered page', async () => {
    const page = await openSignedInPage(browser, server.url, realtor);
    await page.goto('/home?propertyType=condo&sort=fewest_bids');
    await expectTitles(page, ['Harbourfront Condo']);
    const card = page.getByRole('link').filter({ has: page.getByRole('heading', { name: 'Harbourfront Condo' }) });
    expect(await card.getByTestId('bid-count').textContent()).toBe('0 bids');

    const agent = await openSignedInPage(browser, server.url, bidder);
    const me = await apiCall<{ id: string }>(agent, server.url, 'GET', '/api/user');
    await approveRealtorByApi(agent, server.url, admin);
    await adminApi(server.url, admin, 'PUT', `/api/admin/users/${me.id}`, { credits: 1 });
    const propertyId = ids.get('Harbourfront Condo') ?? '';
    await apiCall(agent, server.url, 'POST', `/api/properties/${propertyId}/bid`, { propertyId, amount: 250 });
    await expect.poll(() => card.getByTestId('bid-count').textContent()).toBe('1 bid');
  });

  it('keeps the last results, dimmed, while a search loads, and says when one fails', async () => {
    // The failed search below is a request the browser aborts, which Chromium logs.
    const page = await openPage(browser, { baseURL: server.url, allowConsoleErrors: [/net::ERR_FAILED/] });
    await signInByApi(page, server.url, realtor);
    await page.goto('/home');
    await expectTitles(page, [...LISTINGS].reverse().map((listing) => listing.title));

    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const isList = (url: URL) => url.pathname === '/api/properties';
    await page.route(isList, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel('Property type', { exact: true }).selectOption('condo');
    await expect.poll(() => page.getByRole('list', { name: 'Properties' }).getAttribute('aria-busy')).toBe('true');
    await page.getByRole('status').getByText('Updating listings').waitFor();
    expect(await cardTitles(page)).toHaveLength(LISTINGS.length);
    await screenshotViewport(page, 'listing-search-updating-desktop');
    release();
    await expectTitles(page, ['Harbourfront Condo']);

    await page.unroute(isList);
    await page.route(isList, (route) => route.abort());
    await page.getByLabel('Property type', { exact: true }).selectOption('townhouse');
    await page.getByRole('alert').getByText('Failed to load properties').waitFor();
    await screenshotBoth(page, 'listing-search-error');
    await page.unroute(isList);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expectTitles(page, ['Riverside Townhouse']);
  });
});
