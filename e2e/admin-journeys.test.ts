import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, signInAsAdmin, startAdminTestServer, superAdmin, type SeedUser } from './support/admin';
import { launchBrowser, openPage, pageOverflowsHorizontally, screenshot, screenshotViewport, viewports } from './support/browser';
import type { TestServer } from './support/server';

const TABS = ['Users', 'Homeowners', 'Realtors', 'Properties', 'Bids', 'Reviews', 'Payments', 'Legal Documents', 'Activity'];
const INVALID_CREDENTIALS = 'Invalid credentials. Please try again.';

const homeowner: SeedUser = { username: 'hannah_h', password: 'Homeowner1', name: 'Hannah Homeowner', email: 'hannah@example.com', role: 'homeowner' };
const realtor: SeedUser = { username: 'rick_r', password: 'Realtor123', name: 'Rick Realtor', email: 'rick@example.com', role: 'realtor' };
const moderator = { username: 'mod_mia', password: 'modpass1', name: 'Mia Moderator', email: 'mia@bidhome.test' };

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAdminTestServer(), launchBrowser()]);
  await registerUser(server.url, homeowner);
  await registerUser(server.url, realtor);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function showLoginError(page: Page, name: string): Promise<void> {
  await page.goto('/admin');
  await page.getByRole('heading', { name: 'Admin Portal' }).waitFor();
  // Admin paths have their own shell: no site navigation.
  expect(await page.getByRole('link', { name: 'About' }).count()).toBe(0);

  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Username is required').waitFor();
  expect(await page.getByText('Password is required').isVisible()).toBe(true);

  await page.getByLabel('Username').fill(superAdmin.username);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('alert').filter({ hasText: INVALID_CREDENTIALS }).waitFor();
  await screenshot(page, name);
}

async function visitEveryTab(page: Page, suffix: string): Promise<void> {
  expect(await page.getByRole('tab').allTextContents()).toEqual(TABS);
  for (const tab of TABS) {
    await page.getByRole('tab', { name: tab }).click();
    await expect.poll(() => page.getByRole('tab', { name: tab }).getAttribute('aria-selected')).toBe('true');
    // Tabs load their data on first view; wait for skeletons to give way.
    await expect.poll(() => page.getByRole('status').filter({ hasText: /^Loading/ }).count()).toBe(0);
    await screenshot(page, `admin-tab-${tab.toLowerCase().replace(' ', '-')}-${suffix}`);
  }
}

describe('admin portal', () => {
  it('a super admin signs in, manages users, creates a moderator, and the moderator cannot create admins', async () => {
    const page = await openPage(browser, { baseURL: server.url, viewport: viewports.desktop });
    await showLoginError(page, 'admin-login-error-desktop');

    await signInAsAdmin(page, superAdmin);
    await page.getByText(superAdmin.name, { exact: true }).first().waitFor();
    expect(await page.getByText('Super Admin').first().isVisible()).toBe(true);
    // Stat cards: the two registered users; no payments yet, shown as dollars.
    const totals = page.getByRole('region', { name: 'Totals' });
    await totals.getByText('$0.00').waitFor();
    expect(await totals.getByText('2', { exact: true }).count()).toBe(1);

    await visitEveryTab(page, 'desktop');

    // The active tab lives in the URL, so a reload keeps it.
    expect(new URL(page.url()).pathname).toBe('/admin/activity');
    await page.reload();
    await expect.poll(() => page.getByRole('tab', { name: 'Activity' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('cell', { name: 'user.register' }).first().waitFor();

    // A new entry arrives over the socket, without a reload.
    await registerUser(server.url, { username: 'late_lucy', password: 'Latecomer1', name: 'Lucy Latecomer', email: 'lucy@example.com', role: 'homeowner' });
    await page.getByRole('cell', { name: /Lucy Latecomer/ }).first().waitFor();

    // Users: search by name or email.
    await page.getByRole('tab', { name: 'Users' }).click();
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill('rick@');
    await expect.poll(() => page.getByRole('button', { name: /^Edit / }).count()).toBe(1);
    await search.fill('');
    await expect.poll(() => page.getByRole('button', { name: /^Edit / }).count()).toBe(3);

    // Edit: the shared rules' messages, then a credits change.
    await page.getByRole('button', { name: `Edit ${realtor.name}` }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit user' });
    await editDialog.getByLabel('Credits').fill('2.5');
    await editDialog.getByLabel('New password').fill('12345');
    await editDialog.getByRole('button', { name: 'Save changes' }).click();
    await editDialog.getByText('Password must be at least 6 characters long').waitFor();
    expect(await editDialog.getByText('Credits must be a whole number of at least 0').isVisible()).toBe(true);
    await screenshotViewport(page, 'admin-edit-user-desktop');
    await editDialog.getByLabel('Credits').fill('7');
    await editDialog.getByLabel('New password').fill('');
    await editDialog.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('User updated successfully').first().waitFor();
    await editDialog.waitFor({ state: 'hidden' });
    const realtorRow = page.getByRole('row').filter({ hasText: realtor.email });
    await expect.poll(() => realtorRow.getByRole('cell').nth(3).textContent()).toBe('7');

    // A balance that moves while the dialog is open on the old one (here another administrator; a purchase alike) is
    // never overwritten: the edit made on 7 is refused, the list shows the balance now, and a retry on it saves.
    await page.getByRole('button', { name: `Edit ${realtor.name}` }).click();
    await editDialog.getByText('Currently 7.', { exact: false }).waitFor();
    await page.evaluate(async (email) => {
      const users = (await (await fetch(`/api/admin/users?search=${encodeURIComponent(email)}`)).json()) as { items: Array<{ id: string }> };
      const id = users.items[0]?.id ?? '';
      await fetch(`/api/admin/users/${id}`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ credits: 9 }) });
    }, realtor.email);
    await editDialog.getByLabel('Credits').fill('8');
    await editDialog.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('The balance is now 9: it changed since you opened this user.', { exact: false }).first().waitFor();
    // The dialog stays open on the refusal; behind it, the list has been refreshed.
    await editDialog.getByRole('button', { name: 'Cancel' }).click();
    await editDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => realtorRow.getByRole('cell').nth(3).textContent()).toBe('9');
    await page.getByRole('button', { name: `Edit ${realtor.name}` }).click();
    await editDialog.getByText('Currently 9.', { exact: false }).waitFor();
    await editDialog.getByLabel('Credits').fill('10');
    await editDialog.getByLabel('Reason').fill('goodwill: listing photos issue');
    await editDialog.getByRole('button', { name: 'Save changes' }).click();
    await editDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => realtorRow.getByRole('cell').nth(3).textContent()).toBe('10');

    // Dialogs are keyboard-usable: Escape closes and focus returns to the opener.
    const editButton = page.getByRole('button', { name: `Edit ${homeowner.name}` });
    await editButton.click();
    await page.getByRole('dialog', { name: 'Edit user' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await expect.poll(() => editButton.evaluate((element) => element === document.activeElement)).toBe(true);

    // Create a moderator.
    await page.getByRole('button', { name: 'Create Admin' }).click();
    const createDialog = page.getByRole('dialog', { name: 'Create Admin' });
    await createDialog.getByLabel('Name', { exact: true }).fill(moderator.name);
    await createDialog.getByLabel('Username', { exact: true }).fill(moderator.username);
    await createDialog.getByLabel('Email', { exact: true }).fill(moderator.email);
    await createDialog.getByLabel('Password', { exact: true }).fill(moderator.password);
    await createDialog.getByLabel('Role', { exact: true }).selectOption('moderator');
    await screenshotViewport(page, 'admin-create-admin-desktop');
    await createDialog.getByRole('button', { name: 'Create Admin' }).click();
    await page.getByText('Admin user created successfully').first().waitFor();
    const moderatorRow = page.getByRole('row').filter({ hasText: moderator.email });
    await moderatorRow.getByText('Moderator', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: `Deactivate ${moderator.name}` }).isVisible()).toBe(true);
    await screenshot(page, 'admin-administrators-desktop');

    // Logout returns to /admin and its login form.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Admin Portal' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
    expect(new URL(page.url()).search).toBe('');

    // The moderator: no Create Admin, and the server refuses it anyway.
    await signInAsAdmin(page, moderator);
    await page.getByText('Moderator', { exact: true }).first().waitFor();
    await page.getByRole('heading', { name: 'Administrators', exact: true }).waitFor();
    await page.getByRole('button', { name: `Change password of ${moderator.name}` }).waitFor();
    expect(await page.getByRole('button', { name: 'Create Admin' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: `Change password of ${superAdmin.name}` }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Deactivate / }).count()).toBe(0);
    const status = await page.evaluate(async () => {
      const response = await fetch('/api/admin/admin-users', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'sneaky', password: 'sneaky1', name: 'Sneaky', email: 'sneaky@bidhome.test', role: 'admin' }),
      });
      return response.status;
    });
    expect(status).toBe(403);
    await screenshot(page, 'admin-moderator-desktop');
  });

  it('fits a phone: login, every tab, and the dialogs', async () => {
    const page = await openPage(browser, { baseURL: server.url, viewport: viewports.phone });
    await showLoginError(page, 'admin-login-error-phone');
    expect(await pageOverflowsHorizontally(page)).toBe(false);

    await signInAsAdmin(page, superAdmin);
    await visitEveryTab(page, 'phone');
    expect(await pageOverflowsHorizontally(page)).toBe(false);

    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('button', { name: `Edit ${homeowner.name}` }).click();
    await page.getByRole('dialog', { name: 'Edit user' }).getByRole('button', { name: 'Save changes' }).waitFor();
    await screenshotViewport(page, 'admin-edit-user-phone');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Create Admin' }).click();
    const createDialog = page.getByRole('dialog', { name: 'Create Admin' });
    await createDialog.getByRole('button', { name: 'Create Admin' }).click();
    await createDialog.getByText('Username is required').waitFor();
    await screenshotViewport(page, 'admin-create-admin-phone');
    expect(await pageOverflowsHorizontally(page)).toBe(false);
  });
});
