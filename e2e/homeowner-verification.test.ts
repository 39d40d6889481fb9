import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectNoA11yViolations } from './support/a11y';
import { pageOverflowsHorizontally, screenshot, screenshotBoth, screenshotViewport, viewports } from './support/browser';
import { adminApi, pendingVerificationOf, solidPng, submitBillByApi } from './support/listings';
import { homeownerJourney, owner, type Person } from './support/homeowners';

/*
 * The homeowner's verification states on /homeowner-profile in the browser
 * (issue 4): not verified, the bill's checks and upload, pending, verified and
 * rejected, with the empty screens before the first listing.
 */

const refused: Person = { username: 'rory_refused', password: 'Homeowner2', name: 'Rory Refused', email: 'rory@example.com', phone: '+14165550122', role: 'homeowner' };
const REJECTION = 'The bill is older than three months. Please upload a recent one.';

const { journey, signedInPage, approve } = homeownerJourney([owner, refused]);

describe('homeowner verification', () => {
  it('shows each verification state on /homeowner-profile and the empty screens', async () => {
    const { server, admin } = journey;
    const page = await signedInPage(owner);

    await page.goto('/home');
    await page.getByRole('heading', { name: 'Property Listings', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'No Properties Yet' }).waitFor();
    await page.getByText('Be the first to showcase your property on our platform').waitFor();
    // Not verified: a hint to verify instead of the button.
    await page.getByRole('link', { name: 'Verify your ownership' }).waitFor();
    expect(await page.getByRole('link', { name: 'List a property' }).count()).toBe(0);
    await screenshotBoth(page, 'listings-home-empty');

    await page.goto('/homeowner-profile');
    await page.getByRole('heading', { name: 'Not Verified' }).waitFor();
    await page.getByRole('heading', { name: 'No properties listed' }).waitFor();
    await page.getByText('Gas, electric, water or internet bills are accepted.').waitFor();
    await screenshotBoth(page, 'listings-profile-not-verified');
    await expectNoA11yViolations(page);

    // The file is checked before it is sent, with the spec's message.
    await page.getByRole('button', { name: 'Start Verification' }).click();
    await page.getByLabel('Utility bill').setInputFiles({ name: 'bill.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await page.getByRole('alert').filter({ hasText: 'Please upload a JPG, PNG, or PDF file' }).waitFor();
    // A bill of 400 KB (a PNG is known by its signature) over a slow uplink, so the progress bar shows.
    const bill = Buffer.concat([solidPng(300, 400, [245, 245, 240]), randomBytes(400 * 1024)]);
    await page.getByLabel('Utility bill').setInputFiles({ name: 'bill.png', mimeType: 'image/png', buffer: bill });
    await page.getByText('bill.png').waitFor();
    const network = await page.context().newCDPSession(page);
    await network.send('Network.enable');
    await network.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 160 * 1024 });
    await page.getByRole('button', { name: 'Submit for verification' }).click();
    const progress = page.getByRole('progressbar', { name: 'Uploading your utility bill' });
    await progress.waitFor();
    await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    await screenshotViewport(page, 'listings-profile-bill-uploading-desktop');
    await page.getByRole('heading', { name: 'Verification Pending' }).waitFor();
    await network.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await page.getByText(/1-2 business days/).waitFor();
    await screenshotBoth(page, 'listings-profile-pending');

    // Pending: 'List a property' tells the homeowner why it is closed.
    await page.goto('/list-property');
    await page.getByRole('heading', { name: 'Verification Pending' }).waitFor();
    await page.getByRole('link', { name: 'View verification status' }).waitFor();

    await approve(owner);
    await page.goto('/homeowner-profile');
    await page.getByRole('heading', { name: 'Verified Homeowner' }).waitFor();
    expect(await page.getByRole('button', { name: 'Start Verification' }).count()).toBe(0);
    // Once, in My Properties' header, not again in the verification card.
    expect(await page.getByRole('link', { name: 'List a property' }).count()).toBe(1);
    await screenshotBoth(page, 'listings-profile-verified-empty');

    // Rejected: 'Verification Required' with the reason, and a way to resubmit.
    const other = await signedInPage(refused, viewports.phone);
    await submitBillByApi(other, server.url);
    const row = await pendingVerificationOf(server.url, admin, refused.email);
    await adminApi(server.url, admin, 'POST', `/api/admin/verifications/${row.id}/reject`, { subject: 'Your utility bill', message: REJECTION });
    await other.goto('/homeowner-profile');
    await other.getByRole('heading', { name: 'Verification Required' }).waitFor();
    await other.getByText(REJECTION).waitFor();
    await other.getByRole('button', { name: 'Resubmit Verification' }).click();
    await other.getByRole('button', { name: 'Submit for verification' }).waitFor();
    expect(await pageOverflowsHorizontally(other)).toBe(false);
    await screenshot(other, 'listings-profile-rejected-phone');
    await other.setViewportSize(viewports.desktop);
    await screenshot(other, 'listings-profile-rejected-desktop');

    await other.goto('/list-property');
    await other.getByRole('heading', { name: 'Verification Required' }).waitFor();
    await other.getByRole('link', { name: 'Verify ownership' }).waitFor();
  });

});
