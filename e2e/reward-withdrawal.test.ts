import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoA11yViolations } from './support/a11y';
import { registerUser, startAdminTestServer, type SeedUser } from './support/admin';
import { launchBrowser, screenshotBoth } from './support/browser';
import { apiCall, createListingByApi } from './support/listings';
import { ownerAndRealtor } from './support/parties';
import type { TestServer } from './support/server';

/*
 * Issue 11, item 5 in the browser: a realtor's only bid is refunded because
 * the homeowner deleted the listing, and the /dashboard statement shows the
 * First Bid reward taken back, with its reason, beside the refund.
 */

const owner: SeedUser = { username: 'wendy_withdraw', password: 'Homeowner1', name: 'Wendy Withdraw', email: 'wendy@example.com', role: 'homeowner' };
const agent: SeedUser = { username: 'rex_refund', password: 'Realtor123', name: 'Rex Refund', email: 'rex@example.com', role: 'realtor' };

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

describe('a reward whose bid was refunded', () => {
  it('is shown withdrawn on the credit statement, and the balance is back where it started', async () => {
    const { ownerPage, page } = await ownerAndRealtor(browser, server.url, { owner, realtor: agent }, 1);
    const listingId = await createListingByApi(ownerPage, server.url, { title: 'Short-lived Bungalow' });
    await apiCall(page, server.url, 'POST', `/api/properties/${listingId}/bid`, { propertyId: listingId, amount: 150 });
    await apiCall(ownerPage, server.url, 'DELETE', `/api/properties/${listingId}`);

    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Realtor Dashboard' }).waitFor();
    const withdrawal = page.getByTestId('statement-entry').and(page.locator('[data-kind="reward-withdrawn"]'));
    await withdrawal.waitFor();
    expect(await withdrawal.getByText('Reward withdrawn', { exact: true }).isVisible()).toBe(true);
    expect(await withdrawal.getByText('First Bid reward withdrawn: its bid was refunded (your bid on “Short-lived Bungalow”)', { exact: true }).isVisible()).toBe(true);
    // Every entry names what it is about: the deleted listing by its title, never by its id.
    const refund = page.getByTestId('statement-entry').and(page.locator('[data-kind="refund"]'));
    expect(await refund.getByText('Refund: “Short-lived Bungalow” was deleted by its owner', { exact: true }).isVisible()).toBe(true);
    const bid = page.getByTestId('statement-entry').and(page.locator('[data-kind="bid"]'));
    expect(await bid.getByText('Bid on “Short-lived Bungalow” (listing since deleted)', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByTestId('credit-statement').getByRole('link').count()).toBe(0);
    expect(await withdrawal.getByLabel('Taken 1 credit', { exact: true }).textContent()).toBe('-1');
    expect(await withdrawal.getByText('Balance 1', { exact: true }).isVisible()).toBe(true);
    // Newest first: the withdrawal, the refund, the reward, the bid, the administrator's credit.
    expect(await page.getByTestId('statement-entry').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-kind')))).toEqual([
      'reward-withdrawn',
      'refund',
      'reward',
      'bid',
      'admin',
    ]);
    expect(await page.getByTestId('dashboard-credits').textContent()).toBe('1');
    expect(await page.getByTestId('achievement-first-bid').getAttribute('data-completed')).toBe('false');
    await screenshotBoth(page, 'reward-withdrawn-statement');
    await expectNoA11yViolations(page);
  });
});
