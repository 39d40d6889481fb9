import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoA11yViolations } from './support/a11y';
import { registerUser, signInAsAdmin, startAdminTestServer, superAdmin, type SeedUser } from './support/admin';
import { launchBrowser, openPage, openSignedInPage, screenshotBoth, viewports } from './support/browser';
import { apiCall, createListingByApi } from './support/listings';
import { ownerAndRealtor } from './support/parties';
import type { TestServer } from './support/server';

/*
 * The first screen's promise, "Compare them side by side, then choose the one
 * who fits" (docs/decisions/0051), in the browser: an owner sorts three bids,
 * compares them in a table on a desktop and in stacked cards on a phone, and
 * chooses one from the comparison; then reviews the chosen realtor, who
 * replies from their dashboard, and the reply shows on the profile.
 */

const CLAIM = 'Compare them side by side, then choose the one who fits';
const person = (username: string, name: string, role: SeedUser['role']): SeedUser => ({ username, password: 'Secret123', name, email: `${username}@example.com`, role });
const owner = person('olga_owner', 'Olga Owner', 'homeowner');
const realtors = [person('ann_agent', 'Ann Agent', 'realtor'), person('ben_broker', 'Ben Broker', 'realtor'), person('cid_closer', 'Cid Closer', 'realtor')];
// ownerAndRealtor approves one homeowner per realtor; only Olga lists.
const helpers = [person('hal_helper', 'Hal Helper', 'homeowner'), person('hil_helper', 'Hil Helper', 'homeowner')];
const profiles = [
  { yearsOfExperience: 4, serviceAreas: ['Downtown'], specialties: ['Condos'] },
  { yearsOfExperience: 15, serviceAreas: ['Mississauga', 'Oakville'], specialties: ['Detached', 'Luxury Homes'] },
  { yearsOfExperience: 9, serviceAreas: ['Mississauga'], specialties: ['First-time Buyers'] },
];

let server: TestServer;
let browser: Browser;
let listingId = '';

beforeAll(async () => {
  [server, browser] = await Promise.all([startAdminTestServer(), launchBrowser()]);
  await Promise.all([owner, ...realtors, ...helpers].map((someone) => registerUser(server.url, someone)));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('compare bids side by side, choose, review', () => {
  it('the first screen makes the promise the listing page keeps', async () => {
    const page = await openPage(browser, { baseURL: server.url });
    await page.goto('/');
    await page.getByText(CLAIM, { exact: false }).waitFor();
  });

  it('an owner compares three bids side by side on a desktop and a phone, and chooses one', async () => {
    const [first, second, third] = [
      await ownerAndRealtor(browser, server.url, { owner, realtor: realtors[0] as SeedUser }, 1),
      await ownerAndRealtor(browser, server.url, { owner: helpers[0] as SeedUser, realtor: realtors[1] as SeedUser }, 1),
      await ownerAndRealtor(browser, server.url, { owner: helpers[1] as SeedUser, realtor: realtors[2] as SeedUser }, 1),
    ];
    const ownerPage = first.ownerPage;
    const realtorPages = [first.page, second.page, third.page];

    const closesAt = Date.now() + 25_000;
    listingId = await createListingByApi(ownerPage, server.url, { title: 'Maple Semi', location: 'Mississauga, ON', biddingEndsAt: new Date(closesAt).toISOString() });
    for (const [index, page] of realtorPages.entries()) {
      // The vetted licence and brokerage kept, so the approved profile stays approved (docs/decisions/0050).
      const own = await apiCall<{ brokerageName: string; licenseNumber: string }>(page, server.url, 'GET', '/api/realtor-profile');
      await apiCall(page, server.url, 'POST', '/api/realtor-profile', { brokerageName: own.brokerageName, licenseNumber: own.licenseNumber, commissionRate: '2.5', ...profiles[index] });
      await apiCall(page, server.url, 'POST', `/api/properties/${listingId}/bid`, { propertyId: listingId, amount: 150 + index * 25, message: `Pitch number ${index + 1}: I will sell it fast.` });
    }

    await ownerPage.goto(`/listing/${listingId}`);
    const rows = ownerPage.getByTestId('bid-row');
    await expect.poll(() => rows.count()).toBe(3);
    // Newest first, then the most experienced first.
    await expect.poll(() => rows.first().getByText('years experience').textContent()).toContain('9 years');
    await ownerPage.getByLabel('Sort bids').selectOption('experience');
    await expect.poll(() => rows.first().getByText('years experience').textContent()).toContain('15 years');
    expect(await rows.first().getByText('Serves your area').isVisible()).toBe(true);
    // Names stay withheld while comparing.
    expect(await ownerPage.getByText('Ben Broker').count()).toBe(0);

    const compare = ownerPage.getByRole('button', { name: /^Compare/ });
    expect(await compare.isDisabled()).toBe(true);
    for (const label of ['Bid A', 'Bid B', 'Bid C']) await ownerPage.getByLabel(`Compare ${label}`).check();
    await compare.click();
    const table = ownerPage.getByRole('table', { name: 'The chosen bids side by side' });
    await table.waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Fact', 'Bid B', 'Bid C', 'Bid A']);
    const experience = table.getByRole('row', { name: /^Experience/ });
    expect(await experience.getByRole('cell').allTextContents()).toEqual(['15 years', '9 years', '4 years']);
    expect(await ownerPage.getByTestId('compared-bid').first().isVisible()).toBe(false);
    await expectNoA11yViolations(ownerPage);
    await screenshotBoth(ownerPage, 'compare-bids');

    await ownerPage.setViewportSize(viewports.phone);
    const cards = ownerPage.getByTestId('compared-bid');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(3);
    expect(await table.isVisible()).toBe(false);
    expect(await cards.first().getByText('Detached, Luxury Homes').isVisible()).toBe(true);
    await expectNoA11yViolations(ownerPage);
    await ownerPage.setViewportSize(viewports.desktop);

    // After the close, the owner chooses from the comparison.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, closesAt - Date.now() + 500)));
    const choose = table.getByRole('button', { name: 'Select Bid B' });
    await choose.waitFor();
    await choose.click();
    await ownerPage.getByRole('alertdialog').getByRole('button', { name: 'Select bid' }).click();
    await ownerPage.getByTestId('bidder-name').getByText('Ben Broker').waitFor();
  });

  it('an owner reviews the chosen realtor and the realtor replies', async () => {
    // The pages of the test before closed with it; the sessions stand.
    const ownerPage = await openSignedInPage(browser, server.url, owner);
    const realtorPage = await openSignedInPage(browser, server.url, realtors[1] as SeedUser);
    await ownerPage.goto(`/listing/${listingId}`);
    const form = ownerPage.getByRole('form', { name: 'Review the realtor you chose' });
    await form.waitFor();
    await form.getByRole('button', { name: 'Post review' }).click();
    await form.getByText('Rating must be a whole number from 1 to 5').waitFor();
    await form.getByLabel('4 stars').check({ force: true });
    await form.getByLabel('Your review').fill('Ben priced it right and it sold in ten days.');
    await expectNoA11yViolations(ownerPage);
    await screenshotBoth(ownerPage, 'review-form');
    await form.getByRole('button', { name: 'Post review' }).click();
    const posted = ownerPage.getByTestId('your-review');
    await posted.getByText('Ben priced it right and it sold in ten days.').waitFor();
    await posted.getByText('Homeowner in Mississauga', { exact: false }).waitFor();

    await realtorPage.goto('/dashboard');
    const section = realtorPage.getByRole('region', { name: 'Your reviews' });
    await section.getByText('Ben priced it right and it sold in ten days.').waitFor();
    await section.getByText('(1 review)').waitFor();
    await section.getByRole('button', { name: 'Reply' }).click();
    await section.getByLabel('Your reply').fill('Thank you, it was a pleasure to work with you.');
    await section.getByRole('button', { name: 'Post reply' }).click();
    await section.getByTestId('review-reply').getByText('Thank you', { exact: false }).waitFor();
    expect(await section.getByRole('button', { name: 'Reply' }).count()).toBe(0);
    await expectNoA11yViolations(realtorPage);
    await screenshotBoth(realtorPage, 'dashboard-reviews');

    // The profile dialog shows the summary and the latest reviews with the reply.
    await ownerPage.reload();
    await ownerPage.getByRole('button', { name: 'View profile of Ben Broker' }).click();
    const dialog = ownerPage.getByTestId('realtor-profile-dialog');
    await dialog.getByRole('region', { name: 'Latest reviews' }).getByTestId('review-reply').waitFor();
    await dialog.getByTestId('review-summary').getByText('4.0').waitFor();
    await screenshotBoth(ownerPage, 'profile-reviews', { fullPage: false });
  });

  it('an administrator hides the review with a reason, and it leaves the profile', async () => {
    const page = await openPage(browser, { baseURL: server.url });
    await page.goto('/admin/reviews');
    await signInAsAdmin(page, superAdmin);
    await page.getByRole('tab', { name: 'Reviews' }).click();
    const review = page.getByTestId('admin-review').filter({ hasText: 'Ben priced it right' });
    await review.getByRole('button', { name: 'Hide' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hide this review?' });
    await dialog.getByRole('button', { name: 'Hide review' }).click();
    await dialog.getByText('Reason must be 1 to 500 characters').waitFor();
    await dialog.getByLabel('Reason').fill('Mentions a neighbour by name');
    await dialog.getByRole('button', { name: 'Hide review' }).click();
    await review.getByText('Hidden', { exact: true }).waitFor();
    await review.getByText('Mentions a neighbour by name', { exact: false }).waitFor();
    await screenshotBoth(page, 'admin-reviews');

    const ownerPage = await openSignedInPage(browser, server.url, owner);
    await ownerPage.goto(`/listing/${listingId}`);
    await ownerPage.getByRole('button', { name: 'View profile of Ben Broker' }).click();
    const profile = ownerPage.getByTestId('realtor-profile-dialog');
    await profile.getByText('No reviews yet.').waitFor();
  });
});
