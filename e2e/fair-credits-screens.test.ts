import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, signInAsAdmin, startAdminTestServer, superAdmin, type SeedUser } from './support/admin';
import { launchBrowser, openPage, openSignedInPage, screenshotBoth, screenshotViewport, viewports } from './support/browser';
import { saveTestCard, testCards } from './support/payments';
import type { TestServer } from './support/server';

/*
 * Issue 27, item 6, the screens that changed (docs/decisions/0059): the store's
 * confirm dialog with no card saved, the saved card's brand and last four, the
 * credits badge in the phone header, "Not Verified" once, the homeowner
 * profile on a desktop's width, the banner's long email on a phone, the admin
 * tab strip's scroll hint on a phone.
 */

const realtor: SeedUser = { username: 'cara_card', password: 'Realtor123', name: 'Cara Card', email: 'cara@example.com', role: 'realtor' };
const homeowner: SeedUser = {
  username: 'hal_home',
  password: 'Homeowner1',
  name: 'Hal Home',
  email: 'harold.longname-of-the-household@very-long-domain-example.com',
  role: 'homeowner',
};

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAdminTestServer(), launchBrowser()]);
  await Promise.all([realtor, homeowner].map((person) => registerUser(server.url, person)));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the rough edges of issue 27', () => {
  it('says a card is added next when none is saved, then shows the saved card, and keeps the credits in the phone header', async () => {
    const page = await openSignedInPage(browser, server.url, realtor);
    await page.goto('/store');
    await page.getByTestId('package-3').getByRole('button').click();
    const dialog = page.getByTestId('confirm-purchase-dialog');
    await dialog.getByText('No card is saved yet: you add one next, and it is charged once you confirm.', { exact: false }).waitFor();
    expect(await dialog.getByText('Your saved card is charged', { exact: false }).count()).toBe(0);
    await screenshotBoth(page, 'fair-credits-store-confirm-no-card', { fullPage: false });
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/realtor-profile');
    await saveTestCard(page, testCards.visa);
    await page.getByTestId('saved-card').getByText('Visa ending in 4242', { exact: true }).waitFor();
    await page.getByTestId('payment-methods-card').scrollIntoViewIfNeeded();
    await screenshotBoth(page, 'fair-credits-saved-card', { fullPage: false });

    await page.setViewportSize(viewports.phone);
    // The badge sits in the bar, the menu closed.
    expect(await page.locator('header [data-testid="credits-badge"]').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Dashboard' }).isVisible()).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshotViewport(page, 'fair-credits-phone-header');
  });

  it('shows "Not Verified" once, the profile cards on the desktop width, and the long email wrapping sensibly on a phone', async () => {
    const page = await openSignedInPage(browser, server.url, homeowner);
    await page.goto('/homeowner-profile');
    await page.getByRole('heading', { name: 'Verification Status' }).waitFor();
    expect(await page.getByText('Not Verified', { exact: true }).count()).toBe(1);
    // The settings cards sit side by side on a desktop.
    const boxes = await Promise.all(['Change Password', 'Your data'].map(async (name) => page.getByText(name, { exact: true }).first().boundingBox()));
    expect(boxes.every((box) => box !== null)).toBe(true);
    await screenshotBoth(page, 'fair-credits-homeowner-profile');

    await page.setViewportSize(viewports.phone);
    await page.goto('/home');
    const address = page.getByText(homeowner.email, { exact: true });
    await address.waitFor();
    // The address wraps inside the phone's width; the page never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshotViewport(page, 'fair-credits-banner-email-phone');
  });

  it('fades the admin tab strip where it scrolls on a phone', async () => {
    const page = await openPage(browser, { baseURL: server.url, viewport: viewports.phone });
    await page.goto('/admin');
    await signInAsAdmin(page, superAdmin);
    const strip = page.locator('[data-scrolls-right]').filter({ has: page.getByRole('tablist', { name: 'Admin sections' }) });
    await expect.poll(() => strip.getAttribute('data-scrolls-right')).toBe('true');
    expect(await strip.getAttribute('data-scrolls-left')).toBe('false');
    await page.getByRole('tablist', { name: 'Admin sections' }).evaluate((list) => list.scrollBy({ left: 10_000 }));
    await expect.poll(() => strip.getAttribute('data-scrolls-left')).toBe('true');
    await expect.poll(() => strip.getAttribute('data-scrolls-right')).toBe('false');
    await page.getByRole('tablist', { name: 'Admin sections' }).evaluate((list) => list.scrollTo({ left: 0 }));
    await expect.poll(() => strip.getAttribute('data-scrolls-left')).toBe('false');
    await screenshotViewport(page, 'fair-credits-admin-tabs-phone');
  });
});
