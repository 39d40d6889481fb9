import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsAdmin, startAdminTestServer, superAdmin } from './support/admin';
import { launchBrowser, openPage, openSignedInPage, screenshotBoth, toast, viewports } from './support/browser';
import { registerPerson, type Person } from './support/marketplace';
import { buyPackage, headerCredits, saveTestCard, testCards, toastText } from './support/payments';
import type { TestServer } from './support/server';

/*
 * Issue 5's journey in Chromium, on the simulated payment provider: a realtor
 * saves a test card on /realtor-profile, buys 3 credits on /store (confetti,
 * the header badge rising live on another open page), finds the purchase on
 * the /dashboard statement, completes a purchase through the authentication
 * dialog, has a declined card refused, and an administrator sees the payments.
 */

const realtor: Person = { username: 'pia_payments', password: 'Realtor123', name: 'Pia Payments', email: 'pia@example.com', phone: '+14165550404', role: 'realtor' };
const newcomer: Person = { username: 'noah_nocard', password: 'Realtor456', name: 'Noah Nocard', email: 'noah@example.com', phone: '+14165550505', role: 'realtor' };

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAdminTestServer(), launchBrowser()]);
  await Promise.all([registerPerson(server.url, realtor), registerPerson(server.url, newcomer)]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const signedInPage = (person: Person, viewport?: { width: number; height: number }) => openSignedInPage(browser, server.url, person, viewport);

const dialogShot = (name: string) => (page: Page) => screenshotBoth(page, name, { fullPage: false });
const badgeReads = (page: Page, text: string) => headerCredits(page).filter({ hasText: new RegExp(`^${text}$`) }).waitFor();

async function gotoViaHeader(page: Page, link: string, heading: string): Promise<void> {
  await page.getByRole('banner').getByRole('link', { name: link, exact: true }).click();
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

describe('credits and card payments in the browser', () => {
  it('saves a test card, buys credits with confetti and a live badge, authenticates a card, refuses a declined one', async () => {
    const page = await signedInPage(realtor);
    // A second page of the same realtor, left open on the dashboard: its badge must rise by the push alone.
    const watcher = await signedInPage(realtor);
    await watcher.goto('/dashboard');
    await watcher.getByRole('heading', { name: 'Realtor Dashboard' }).waitFor();
    await badgeReads(watcher, '0 credits');

    // The store: three packages with the spec's texts.
    await page.goto('/store');
    await page.getByRole('heading', { name: 'Buy Credits' }).waitFor();
    const single = page.getByTestId('package-1');
    expect(await single.getByText('Single bid credit', { exact: true }).isVisible()).toBe(true);
    expect(await single.getByText('$15', { exact: true }).isVisible()).toBe(true);
    const three = page.getByTestId('package-3');
    expect(await three.getByText('$36', { exact: true }).isVisible()).toBe(true);
    expect(await three.getByText('Save $9', { exact: true }).isVisible()).toBe(true);
    expect(await three.getByText('Best value', { exact: true }).isVisible()).toBe(true);
    const five = page.getByTestId('package-5');
    expect(await five.getByText('$55', { exact: true }).isVisible()).toBe(true);
    expect(await five.getByText('Save $20', { exact: true }).isVisible()).toBe(true);
    await screenshotBoth(page, 'payments-store');

    // Save pm_card_visa on the profile.
    await gotoViaHeader(page, 'Profile', 'Realtor Profile');
    const methods = page.getByTestId('payment-methods-card');
    await methods.getByText('No card saved', { exact: true }).waitFor();
    await saveTestCard(page, testCards.visa, { screenshotAs: dialogShot('payments-add-card-dialog') });
    await toast(page, 'Payment method added').waitFor();
    await methods.getByText('Visa ending in 4242', { exact: true }).waitFor();

    // Buy 3 credits: success dialog, 50 particles, the toast, both badges.
    await gotoViaHeader(page, 'Store', 'Buy Credits');
    await buyPackage(page, 3, { screenshotAs: dialogShot('payments-confirm-dialog') });
    const success = page.getByTestId('purchase-success-dialog');
    await success.getByRole('heading', { name: 'Purchase successful' }).waitFor();
    expect(await success.getByText('3 credits added to your account', { exact: true }).isVisible()).toBe(true);
    await toastText(page, 'Purchase successful').waitFor();
    expect(await page.getByTestId('confetti-particle').count()).toBe(50);
    await badgeReads(page, '3 credits');
    await badgeReads(watcher, '3 credits');
    expect(await watcher.getByTestId('dashboard-credits').textContent()).toBe('3');
    // One alignment throughout: the title, the words and the buttons are all centred on the dialog.
    const centreOf = async (locator: ReturnType<typeof page.locator>) => {
      const box = await locator.boundingBox();
      return box === null ? Number.NaN : Math.round(box.x + box.width / 2);
    };
    const middle = await centreOf(success);
    expect(await success.getByRole('heading', { name: 'Purchase successful' }).evaluate((heading) => getComputedStyle(heading).textAlign)).toBe('center');
    expect(Math.abs((await centreOf(success.getByText('3 credits added to your account', { exact: true }))) - middle)).toBeLessThanOrEqual(2);
    const done = await success.getByRole('button', { name: 'Done' }).boundingBox();
    const find = await success.getByRole('link', { name: 'Find listings to bid on' }).boundingBox();
    expect(done && find && Math.abs((done.x + find.x + find.width) / 2 - middle)).toBeLessThanOrEqual(2);
    await dialogShot('payments-success-dialog')(page);
    // The animation hides after 3 s; the dialog stays until closed.
    await page.getByTestId('confetti').waitFor({ state: 'detached', timeout: 6_000 });
    await success.getByRole('button', { name: 'Done' }).click();

    // Card authentication: pm_card_authenticationRequired completes through its dialog.
    await gotoViaHeader(page, 'Profile', 'Realtor Profile');
    await saveTestCard(page, testCards.authenticationRequired);
    await gotoViaHeader(page, 'Store', 'Buy Credits');
    const purchaseAnswer = page.waitForResponse((response) => response.url().endsWith('/api/credits/purchase'));
    await buyPackage(page, 1);
    const { paymentIntentId } = (await (await purchaseAnswer).json()) as { paymentIntentId: string };
    const authentication = page.getByTestId('card-authentication-dialog');
    await authentication.getByRole('heading', { name: 'Test card authentication' }).waitFor();
    expect(await authentication.getByText('Test mode', { exact: true }).isVisible()).toBe(true);
    await dialogShot('payments-authentication-dialog')(page);
    await authentication.getByRole('button', { name: 'Complete authentication' }).click();
    await success.getByText('1 credit added to your account', { exact: true }).waitFor();
    await badgeReads(page, '4 credits');
    await success.getByRole('button', { name: 'Done' }).click();

    // Coming back from a card redirect for the same intent: confirmed by the server, credited once, and said to be so
    // rather than announced as new credits again.
    await page.goto(`/store?payment_intent=${encodeURIComponent(paymentIntentId)}&payment_intent_client_secret=${encodeURIComponent(`${paymentIntentId}_secret_test`)}`);
    await toast(page, 'Already credited').waitFor();
    expect(await toast(page, "This payment's 1 credit was already added to your account.").isVisible()).toBe(true);
    expect(await success.count()).toBe(0);
    expect(new URL(page.url()).search).toBe('');
    expect(await page.evaluate(() => sessionStorage.getItem('payment_intent'))).toBeNull();
    await page.waitForTimeout(2_500); // past the 2 s user refresh
    await badgeReads(page, '4 credits');

    // Failing the authentication step is the failure toast, and nothing is added.
    await buyPackage(page, 1);
    await authentication.getByRole('button', { name: 'Fail authentication' }).click();
    await toast(page, 'Payment failed').waitFor();
    await badgeReads(page, '4 credits');

    // A declined card.
    await gotoViaHeader(page, 'Profile', 'Realtor Profile');
    await saveTestCard(page, testCards.declined);
    await gotoViaHeader(page, 'Store', 'Buy Credits');
    await buyPackage(page, 5);
    await toast(page, 'Purchase failed').waitFor();
    await toast(page, 'Your card was declined.').waitFor();
    await badgeReads(page, '4 credits');

    // The statement lists both purchases, newest first.
    await gotoViaHeader(page, 'Dashboard', 'Realtor Dashboard');
    const purchases = page.getByTestId('statement-entry').and(page.locator('[data-kind="purchase"]'));
    await purchases.first().waitFor();
    expect(await purchases.count()).toBe(2);
    expect(await purchases.nth(0).getByText('+1', { exact: true }).isVisible()).toBe(true);
    expect(await purchases.nth(1).getByText('+3', { exact: true }).isVisible()).toBe(true);
    await screenshotBoth(page, 'payments-dashboard-statement');

    // Removing the card.
    await gotoViaHeader(page, 'Profile', 'Realtor Profile');
    await methods.getByRole('button', { name: 'Remove card' }).click();
    await toast(page, 'Payment method removed').waitFor();
    await methods.getByText('No card saved', { exact: true }).waitFor();
  });

  it('asks for a card when none is saved and reopens the confirm dialog once it is added (phone)', async () => {
    const page = await signedInPage(newcomer, viewports.phone);
    await page.goto('/store');
    await page.getByRole('heading', { name: 'Buy Credits' }).waitFor();
    await buyPackage(page, 1);
    const addCard = page.getByTestId('add-payment-method-dialog');
    await addCard.getByRole('heading', { name: /Add payment method/ }).waitFor();
    await addCard.locator('form[data-ready="true"]').waitFor();
    await addCard.getByRole('button', { name: 'Save card' }).click();
    await toastText(page, 'Payment method added').waitFor();
    const confirm = page.getByTestId('confirm-purchase-dialog');
    await confirm.getByRole('heading', { name: 'Confirm purchase' }).waitFor();
    await confirm.getByRole('button', { name: 'Confirm purchase' }).click();
    await page.getByTestId('purchase-success-dialog').getByText('1 credit added to your account', { exact: true }).waitFor();
  });

  it('shows the payments to an administrator, amounts in dollars with two decimals', async () => {
    const page = await openPage(browser, { baseURL: server.url });
    await page.goto('/admin');
    await signInAsAdmin(page, superAdmin);
    await page.getByRole('tab', { name: 'Payments' }).click();
    const rows = page.getByTestId('admin-payment-row');
    await rows.first().waitFor();
    // Pia: 3 (succeeded), 1 (authenticated), 1 (failed authentication), 5 (declined); Noah: 1.
    expect(await rows.count()).toBe(5);
    const table = page.locator('table');
    expect(await table.getByText('$36.00', { exact: true }).isVisible()).toBe(true);
    expect(await table.getByText('$55.00', { exact: true }).isVisible()).toBe(true);
    expect(await table.getByText('Succeeded', { exact: true }).count()).toBe(3);
    expect(await table.getByText('Failed', { exact: true }).count()).toBe(2);
    expect(await table.getByText(realtor.email, { exact: true }).count()).toBe(4);
    await screenshotBoth(page, 'payments-admin-tab');
  });
});
