import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoA11yViolations } from './support/a11y';
import { registerUser, signInAsAdmin, startAdminTestServer, superAdmin, type SeedUser } from './support/admin';
import { downloadFromNewTab, launchBrowser, openPage, openSignedInPage, screenshotBoth, toast, viewports } from './support/browser';
import { adminCookie } from './support/legal';
import { adminApi, apiCall, createListingByApi, pendingVerificationOf, solidPng, submitBillByApi } from './support/listings';
import type { TestServer } from './support/server';

/*
 * Realtor vetting in the browser (docs/decisions/0050): a realtor who never
 * filled in a profile is told on the listing page that only verified realtors
 * bid; they complete the profile and upload their licence on /realtor-profile,
 * are still refused while it is pending, an administrator approves it in the
 * Realtors tab (the licence opens in a new tab), and the realtor's open listing
 * page turns to Place Bid by itself. They bid.
 */

const owner: SeedUser = { username: 'vera_vetted', password: 'Homeowner1', name: 'Vera Owner', email: 'vera@example.com', role: 'homeowner' };
const agent: SeedUser = { username: 'lou_licence', password: 'Realtor123', name: 'Lou Licence', email: 'lou@example.com', role: 'realtor' };
const SENTENCE = 'Only verified realtors can bid. Complete your profile and licence verification.';

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

const bidState = (page: Page, state: string) => page.locator(`[data-testid="bid-action"][data-state="${state}"]`);
const licenceCard = (page: Page) => page.getByTestId('licence-verification');

describe('realtor vetting', () => {
  it('refuses a realtor until an administrator approves their licence, then lets them bid', async () => {
    const admin = await adminCookie(server.url, superAdmin);
    const ownerPage = await openSignedInPage(browser, server.url, owner);
    await submitBillByApi(ownerPage, server.url);
    await adminApi(server.url, admin, 'POST', `/api/admin/verifications/${(await pendingVerificationOf(server.url, admin, owner.email)).id}/approve`);
    const listingId = await createListingByApi(ownerPage, server.url, { title: 'Vetting Lane Cottage' });

    const page = await openSignedInPage(browser, server.url, agent);
    const me = await apiCall<{ id: string }>(page, server.url, 'GET', '/api/user');
    await adminApi(server.url, admin, 'PUT', `/api/admin/users/${me.id}`, { credits: 2 });

    // 1. Never vetted: the listing page says why there is no Place Bid, and links to the profile.
    await page.goto(`/listing/${listingId}`);
    await bidState(page, 'not-verified').waitFor();
    await page.getByText(SENTENCE).waitFor();
    expect(await page.getByRole('button', { name: 'Place Bid' }).count()).toBe(0);
    await screenshotBoth(page, 'vetting-listing-not-verified');
    await page.getByRole('link', { name: 'Complete your verification' }).click();
    await page.waitForURL((url) => url.pathname === '/realtor-profile' && url.hash === '#licence-verification');

    // 2. The Licence Verification card, scrolled to: not submitted, and what is missing, following the form.
    const card = licenceCard(page);
    await card.getByText('Not Submitted', { exact: true }).first().waitFor();
    await expect.poll(() => card.evaluate((element) => element.getBoundingClientRect().top < window.innerHeight)).toBe(true);
    await card.getByTestId('licence-missing').getByText('Licence document').waitFor();
    await screenshotBoth(page, 'vetting-profile-not-submitted');
    await page.getByLabel('Brokerage name').fill('Lantern Realty');
    await page.getByLabel('License number').fill('ON-771204');
    await page.getByLabel('Years of experience').fill('9');
    await page.getByLabel('Commission rate').fill('2.5%');
    await page.getByRole('group', { name: 'Service Areas' }).getByRole('button', { name: 'Downtown', exact: true }).click();
    await page.getByRole('group', { name: 'Specialties' }).getByRole('button', { name: 'Condos', exact: true }).click();
    expect(await card.getByTestId('licence-missing').locator('li').allTextContents()).toEqual(['Licence document']);
    await page.getByLabel('Licence document').setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: solidPng(60, 80, [230, 236, 250]) });
    await card.getByText('licence.png: save to send it').waitFor();
    expect(await card.getByTestId('licence-missing').count()).toBe(0);
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await toast(page, 'Profile updated').waitFor();
    await card.getByText('Verification Pending').waitFor();
    await expectNoA11yViolations(page);
    await screenshotBoth(page, 'vetting-profile-pending');

    // 3. Pending: still refused, on the page and by the server.
    await page.goto(`/listing/${listingId}`);
    await bidState(page, 'not-verified').waitFor();
    const refused = await page.request.fetch(`/api/properties/${listingId}/bid`, { method: 'POST', headers: { Origin: server.url }, data: { propertyId: listingId, amount: 150 } });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ message: SENTENCE });

    // 4. The administrator finds the licence in the Realtors tab's review queue, opens the document, approves.
    const office = await openPage(browser, { baseURL: server.url, viewport: viewports.desktop });
    await office.goto('/admin');
    await signInAsAdmin(office, superAdmin);
    await office.getByRole('tab', { name: 'Realtors' }).click();
    await office.getByRole('group', { name: 'Filter realtors' }).getByRole('combobox').first().selectOption('pending');
    const row = office.getByRole('row').filter({ hasText: agent.email });
    await row.getByText('Pending review').waitFor();
    await screenshotBoth(office, 'vetting-admin-realtors-pending', { fullPage: false });
    const licence = await downloadFromNewTab(office, () => row.getByRole('button', { name: `View licence of ${agent.name}` }).click());
    expect(licence.suggestedFilename()).toMatch(/^document\.(pdf|png|jpg)$/);
    // Rejecting asks for both fields, as for bills.
    await row.getByRole('button', { name: `Reject licence of ${agent.name}` }).click();
    const rejectDialog = office.getByRole('dialog', { name: 'Reject licence' });
    await rejectDialog.getByLabel('Subject').fill('Your licence');
    await rejectDialog.getByRole('button', { name: 'Reject and send email' }).click();
    await rejectDialog.getByText('Please fill in both subject and message').waitFor();
    await screenshotBoth(office, 'vetting-admin-reject-dialog', { fullPage: false });
    await office.keyboard.press('Escape');
    await rejectDialog.waitFor({ state: 'hidden' });
    await row.getByRole('button', { name: `Approve licence of ${agent.name}` }).click();
    await toast(office, 'Licence approved').waitFor();
    await office.getByRole('group', { name: 'Filter realtors' }).getByRole('combobox').first().selectOption('approved');
    // Revoking asks for a reason; closed here, so the realtor stays approved.
    await office.getByRole('row').filter({ hasText: agent.email }).getByRole('button', { name: `Revoke licence of ${agent.name}` }).click();
    const revokeDialog = office.getByRole('dialog', { name: 'Revoke licence verification' });
    await revokeDialog.getByRole('button', { name: 'Revoke and send email' }).click();
    await revokeDialog.getByText('Please give a reason').waitFor();
    await screenshotBoth(office, 'vetting-admin-revoke-dialog', { fullPage: false });
    await office.keyboard.press('Escape');
    await revokeDialog.waitFor({ state: 'hidden' });

    // 5. The realtor's open listing page turns to Place Bid by itself; they bid.
    await bidState(page, 'open').waitFor();
    await page.getByRole('button', { name: 'Place Bid' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm your bid' });
    await dialog.getByRole('button', { name: 'Confirm Bid' }).click();
    await toast(page, 'Bid placed successfully').waitFor();
    await bidState(page, 'bid-placed').waitFor();
    await page.goto('/realtor-profile');
    await licenceCard(page).getByRole('heading', { name: 'Verified Realtor' }).waitFor();
    await screenshotBoth(page, 'vetting-profile-approved');
  });
});
