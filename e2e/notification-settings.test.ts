import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, startAdminTestServer, type SeedUser } from './support/admin';
import { launchBrowser, openPage, openSignedInPage, screenshotBoth, screenshotViewport, signInByApi, toast, viewports } from './support/browser';
import { apiCall, createListingByApi } from './support/listings';
import { readOutbox, waitForMail } from './support/outbox';
import { ownerAndRealtor } from './support/parties';
import type { TestServer } from './support/server';

/*
 * Issue 17, item 8 in the browser: a homeowner picks the daily bid digest on
 * their profile, reloads and still has it; a realtor turns selection outcome
 * mails off. The card's loading and error states are shot too.
 */

const owner: SeedUser = { username: 'nora_notify', password: 'Homeowner1', name: 'Nora Notify', email: 'nora@example.com', role: 'homeowner' };
const seller: SeedUser = { username: 'mila_mails', password: 'Homeowner1', name: 'Mila Mails', email: 'mila@example.com', role: 'homeowner' };
const bidder: SeedUser = { username: 'ben_bidder', password: 'Realtor123', name: 'Ben Bidder', email: 'ben@example.com', role: 'realtor' };
const agent: SeedUser = { username: 'otis_outcome', password: 'Realtor123', name: 'Otis Outcome', email: 'otis@example.com', role: 'realtor' };

/** The screen around `target`, at desktop and phone widths, for states too short-lived for a full-page shot. */
async function shootAround(page: Page, target: Locator, name: string): Promise<void> {
  for (const [size, viewport] of [['desktop', viewports.desktop], ['phone', viewports.phone]] as const) {
    await page.setViewportSize(viewport);
    await target.scrollIntoViewIfNeeded();
    await screenshotViewport(page, `${name}-${size}`);
  }
  await page.setViewportSize(viewports.desktop);
}

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAdminTestServer(), launchBrowser()]);
  await Promise.all([owner, agent, seller, bidder].map((person) => registerUser(server.url, person)));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('notification settings', () => {
  it('a homeowner picks the daily digest, and it is still chosen after a reload', async () => {
    const page = await openSignedInPage(browser, server.url, owner);
    await page.goto('/homeowner-profile');
    const everyBid = page.getByRole('radio', { name: 'Every bid' });
    await everyBid.waitFor();
    expect(await everyBid.getAttribute('aria-checked')).toBe('true');
    const save = page.getByRole('button', { name: 'Save', exact: true });
    expect(await save.isDisabled()).toBe(true);
    await screenshotBoth(page, 'notification-settings-owner-default');

    await page.getByRole('radio', { name: 'Daily digest' }).click();
    await save.click();
    await toast(page, 'Notification settings saved').waitFor();
    expect(await save.isDisabled()).toBe(true);

    await page.reload();
    const daily = page.getByRole('radio', { name: 'Daily digest' });
    await daily.waitFor();
    expect(await daily.getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('radio', { name: 'Every bid' }).getAttribute('aria-checked')).toBe('false');
    await page.getByRole('radio', { name: 'Daily digest' }).scrollIntoViewIfNeeded();
    await screenshotBoth(page, 'notification-settings-owner-daily');
    await page.close();
  });

  it('a realtor turns selection outcome mails off', async () => {
    const page = await openSignedInPage(browser, server.url, agent);
    await page.goto('/realtor-profile');
    await page.getByRole('radio', { name: 'Email me the outcome' }).waitFor();
    await page.getByRole('radio', { name: 'No outcome emails' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Notification settings saved').waitFor();
    await page.reload();
    const off = page.getByRole('radio', { name: 'No outcome emails' });
    await off.waitFor();
    expect(await off.getAttribute('aria-checked')).toBe('true');
    await screenshotBoth(page, 'notification-settings-realtor-off');

    // New listings in their service areas: the daily digest (docs/decisions/0060).
    expect(await page.getByRole('radio', { name: 'Each new listing' }).getAttribute('aria-checked')).toBe('true');
    await page.getByRole('radio', { name: 'Daily listing digest' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Notification settings saved').waitFor();
    await page.reload();
    const daily = page.getByRole('radio', { name: 'Daily listing digest' });
    await daily.waitFor();
    expect(await daily.getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('radio', { name: 'No outcome emails' }).getAttribute('aria-checked')).toBe('true');
    await shootAround(page, page.getByRole('radiogroup', { name: 'New listing emails' }), 'notification-settings-realtor-listings');
    await page.close();
  });

  it('mails the owner at a bid on the default, and not after they chose no bid emails', async () => {
    const { ownerPage, page } = await ownerAndRealtor(browser, server.url, { owner: seller, realtor: bidder }, 2);
    const ends = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
    const first = await createListingByApi(ownerPage, server.url, { title: 'Cedar Row', location: 'Toronto, ON', biddingEndsAt: ends });
    await apiCall(page, server.url, 'POST', `/api/properties/${first}/bid`, { propertyId: first, amount: 150 });
    const mail = await waitForMail(server.dataDir, (m) => m.to === seller.email && m.tag === 'bid-received');
    expect(mail.subject).toBe('New bid on "Cedar Row"');

    await ownerPage.goto('/homeowner-profile');
    await ownerPage.getByRole('radio', { name: 'No bid emails' }).click();
    await ownerPage.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(ownerPage, 'Notification settings saved').waitFor();
    const second = await createListingByApi(ownerPage, server.url, { title: 'Spruce Court', location: 'Toronto, ON', biddingEndsAt: ends });
    await apiCall(page, server.url, 'POST', `/api/properties/${second}/bid`, { propertyId: second, amount: 150 });

    // Back on every bid, a third bid is mailed. The node mails bids in the log's order, so once that mail is
    // in, a mail for the second bid would be too.
    await apiCall(ownerPage, server.url, 'PUT', '/api/user/notifications', { bidEmails: 'instant' });
    const third = await createListingByApi(ownerPage, server.url, { title: 'Larch Lane', location: 'Toronto, ON', biddingEndsAt: ends });
    await apiCall(page, server.url, 'POST', `/api/properties/${third}/bid`, { propertyId: third, amount: 150 });
    await waitForMail(server.dataDir, (m) => m.to === seller.email && m.subject === 'New bid on "Larch Lane"');
    const bidMails = (await readOutbox(server.dataDir)).filter((m) => m.to === seller.email && m.tag === 'bid-received');
    expect(bidMails.map((m) => m.subject)).toEqual(['New bid on "Cedar Row"', 'New bid on "Larch Lane"']);
  });

  it('shows loading, then an error with a retry when the settings cannot be read', async () => {
    // A failed request is an expected console error on this page.
    const page = await openPage(browser, { baseURL: server.url, allowConsoleErrors: [/net::ERR_FAILED/] });
    await signInByApi(page, server.url, owner);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let fail = true;
    await page.route('**/api/user/notifications', async (route) => {
      await held;
      if (fail) await route.abort('failed');
      else await route.continue();
    });
    await page.goto('/homeowner-profile');
    const loading = page.getByRole('status').filter({ hasText: 'Loading your notification settings' });
    await loading.waitFor();
    await shootAround(page, loading, 'notification-settings-loading');
    release();
    const error = page.getByText('Failed to load your notification settings');
    await error.waitFor({ timeout: 15_000 });
    await shootAround(page, error, 'notification-settings-error');
    fail = false;
    await page.getByRole('alert').filter({ hasText: 'Failed to load your notification settings' }).getByRole('button').click();
    await page.getByRole('radio', { name: 'Daily digest' }).waitFor();
    await page.close();
  });
});
