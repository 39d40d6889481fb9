import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, startAdminTestServer, type SeedUser } from './support/admin';
import { launchBrowser, openSignedInPage, screenshotBoth, screenshotViewport, toast, viewports } from './support/browser';
import type { TestServer } from './support/server';

/*
 * Issue 17, item 7 in the browser: a realtor downloads their data from the
 * Your data card, then deletes the account with their password (a wrong one
 * first), lands signed out on the landing page with a toast, and can no longer
 * sign in. A homeowner's profile shows the same card.
 */

const realtor: SeedUser = { username: 'erin_erase', password: 'Realtor123', name: 'Erin Erase', email: 'erin@example.com', role: 'realtor' };
const owner: SeedUser = { username: 'hugo_home', password: 'Homeowner1', name: 'Hugo Home', email: 'hugo@example.com', role: 'homeowner' };

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
  await Promise.all([realtor, owner].map((person) => registerUser(server.url, person)));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('your data', () => {
  it('a realtor downloads their data, then deletes the account and cannot sign in again', async () => {
    const page = await openSignedInPage(browser, server.url, realtor);
    await page.goto('/realtor-profile');
    const card = page.getByRole('heading', { name: 'Your data' }).first();
    await card.waitFor();
    const downloadButton = page.getByRole('button', { name: 'Download my data' });
    await shootAround(page, downloadButton, 'your-data-card');

    const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
    expect(download.suggestedFilename()).toMatch(/^bidhome-data-\d{4}-\d{2}-\d{2}\.json$/);
    const path = await download.path();
    const data = JSON.parse(await (await import('node:fs/promises')).readFile(path, 'utf8')) as { account: { email: string; name: string } };
    expect(data.account).toMatchObject({ email: realtor.email, name: realtor.name });
    await toast(page, 'Your data is downloaded').waitFor();

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('Password is required').waitFor();
    await dialog.getByLabel('Password').fill('Wrong1234');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('Invalid username or password').waitFor();
    await shootAround(page, dialog, 'your-data-delete-error');

    await dialog.getByLabel('Password').fill(realtor.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await toast(page, 'Your account is deleted').waitFor();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/');
    await screenshotBoth(page, 'your-data-deleted-landing');

    const me = await page.evaluate(async () => (await fetch('/api/user')).status);
    expect(me).toBe(401);
    const login = await page.evaluate(
      async (person) =>
        (await fetch('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: person.username, password: person.password }) })).status,
      realtor,
    );
    expect(login).toBe(401);
    await page.close();
  });

  it('a homeowner has the same card on their profile', async () => {
    const page = await openSignedInPage(browser, server.url, owner);
    await page.goto('/homeowner-profile');
    const button = page.getByRole('button', { name: 'Delete my account' });
    await button.waitFor();
    await shootAround(page, button, 'your-data-card-homeowner');
    await page.close();
  });
});
