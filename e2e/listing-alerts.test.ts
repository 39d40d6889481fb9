import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, startAdminTestServer, type SeedUser } from './support/admin';
import { launchBrowser, openSignedInPage, screenshotBoth, screenshotViewport, socketConnected, toast, viewports } from './support/browser';
import { createListingByApi } from './support/listings';
import { ownerAndRealtor } from './support/parties';
import type { TestServer } from './support/server';

/*
 * Issue 27, items 3 and 4 in the browser (docs/decisions/0060): the listing
 * form suggests the area from the city; a realtor serving Downtown has /home
 * open when a Downtown listing goes live, and sees it arrive without a reload:
 * a toast, the card (with its area) in the grid, and the bell's count; the
 * bell's panel lists it, opening it marks it read, Mark all read the rest.
 */

const owner: SeedUser = { username: 'ada_area', password: 'Homeowner1', name: 'Ada Area', email: 'ada@example.com', role: 'homeowner' };
const realtor: SeedUser = { username: 'dan_downtown', password: 'Realtor123', name: 'Dan Downtown', email: 'dan@example.com', role: 'realtor' };
const newcomer: SeedUser = { username: 'nell_new', password: 'Homeowner1', name: 'Nell New', email: 'nell@example.com', role: 'homeowner' };
const TITLE = 'King Street Loft';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAdminTestServer(), launchBrowser()]);
  await Promise.all([owner, realtor, newcomer].map((person) => registerUser(server.url, person)));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const bellCount = (page: Page) => page.getByTestId('notification-count').textContent({ timeout: 1000 }).catch(() => null);

describe('new listings in a realtor\'s areas', () => {
  it('shows a newcomer an empty bell with no count', async () => {
    const page = await openSignedInPage(browser, server.url, newcomer);
    await page.goto('/homeowner-profile');
    const bell = page.getByTestId('notification-bell');
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByText('No notifications yet').waitFor();
    expect(await page.getByTestId('notification-count').count()).toBe(0);
    expect(await panel.getByRole('button', { name: 'Mark all read' }).isDisabled()).toBe(true);
    await screenshotViewport(page, 'listing-alerts-bell-empty-desktop');
    await page.keyboard.press('Escape');
    await page.setViewportSize(viewports.phone);
    await bell.click();
    await panel.getByText('No notifications yet').waitFor();
    await screenshotViewport(page, 'listing-alerts-bell-empty-phone');
    await page.close();
  });

  it('suggests the area from the city, tells the realtor live, and keeps it in the bell', async () => {
    const { ownerPage, page } = await ownerAndRealtor(browser, server.url, { owner, realtor }, 2);

    // The owner's form: the area follows the city until the owner picks one.
    await ownerPage.goto('/list-property');
    const location = ownerPage.getByLabel('Location');
    const area = ownerPage.getByLabel('Area');
    await location.fill('Mississauga, ON');
    await expect.poll(() => area.inputValue()).toBe('Mississauga');
    await ownerPage.getByText('Suggested from Mississauga').waitFor();
    await location.fill('Kingston, ON');
    await expect.poll(() => area.inputValue()).toBe('');
    await location.fill('Toronto, ON');
    await area.selectOption('Downtown');
    await location.fill('Guelph, ON');
    expect(await area.inputValue()).toBe('Downtown');
    await area.scrollIntoViewIfNeeded();
    await screenshotViewport(ownerPage, 'listing-alerts-form-area-desktop');
    await ownerPage.setViewportSize(viewports.phone);
    await area.scrollIntoViewIfNeeded();
    await screenshotViewport(ownerPage, 'listing-alerts-form-area-phone');

    // The realtor (serving Downtown) has /home open, connected.
    const connected = socketConnected(page);
    await page.goto('/home');
    await connected;
    const bell = page.getByTestId('notification-bell');
    await bell.waitFor();
    // Their licence approval and the administrator's credits are already in the inbox.
    await expect.poll(() => bellCount(page)).toBe('2');

    const listingId = await createListingByApi(ownerPage, server.url, { title: TITLE, location: 'Toronto, ON', area: 'Downtown' });
    await toast(page, 'New listing in Downtown').waitFor();
    const card = page.getByRole('link', { name: new RegExp(TITLE) });
    await card.waitFor();
    expect(await card.getByTestId('listing-area').textContent()).toContain('Downtown');
    await expect.poll(() => bellCount(page)).toBe('3');
    await screenshotBoth(page, 'listing-alerts-home-card');

    // The panel: newest first, the new listing on top, unread.
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.waitFor();
    const items = panel.getByTestId('notification-item');
    await expect.poll(() => items.count()).toBe(3);
    expect(await items.first().textContent()).toContain(`“${TITLE}” in Toronto, ON is open for bids.`);
    await screenshotViewport(page, 'listing-alerts-bell-panel-desktop');
    await page.keyboard.press('Escape');
    await page.setViewportSize(viewports.phone);
    await bell.click();
    await panel.waitFor();
    await screenshotViewport(page, 'listing-alerts-bell-panel-phone');

    // Opening the entry goes to the listing and marks it read.
    await items.first().click();
    await page.waitForURL(`**/listing/${listingId}`);
    await expect.poll(() => bellCount(page)).toBe('2');
    await page.setViewportSize(viewports.desktop);

    await bell.click();
    await panel.getByRole('button', { name: 'Mark all read' }).click();
    await expect.poll(() => bellCount(page)).toBe(null);
    expect(await panel.getByRole('button', { name: 'Mark all read' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');

    // /home filters by area.
    await page.goto('/home?area=Guelph');
    await page.getByRole('heading', { name: 'No listings match these filters' }).waitFor();
    await page.goto('/home?area=Downtown');
    await card.waitFor();
  });
});
