import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, signInAsAdmin, startAdminTestServer, superAdmin, type SeedUser } from './support/admin';
import { launchBrowser, openPage, screenshot, screenshotViewport, toast, viewports } from './support/browser';
import { adminCookie, publishLegalDocument } from './support/legal';
import type { TestServer } from './support/server';

const ACCEPT_LABEL = 'I agree to the Terms of Service and Privacy Policy';
const ACCEPTANCE_REQUIRED = 'Please accept the Terms of Service and Privacy Policy';
const TERMS_V1 = `1. Listing your property

Listing is free. You may remove your listing at any time.

2. Choosing a realtor

You choose a realtor once the bidding period closes.`;

// Registered before any document was published: an existing user with nothing accepted.
const olivia: SeedUser = {
  username: 'olivia_owner',
  password: 'Existing-Owner-1',
  name: 'Olivia Owner',
  email: 'olivia@example.com',
  role: 'homeowner',
};
const newcomer = { username: 'nina_new', password: 'Brand-New-Home-2', name: 'Nina Newcomer', email: 'nina@example.com' };

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAdminTestServer(), launchBrowser()]);
  await registerUser(server.url, olivia);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const agreementsDialog = (page: Page) => page.getByRole('dialog', { name: 'We’ve updated our terms' });

async function signInByApi(page: Page, credentials: { username: string; password: string }): Promise<void> {
  const response = await page.request.post('/api/login', { data: credentials, headers: { Origin: server.url } });
  expect(response.status()).toBe(200);
}

async function openLegalTab(page: Page): Promise<void> {
  await page.goto('/admin?tab=legal-documents');
  await page.getByRole('heading', { name: 'Legal documents', exact: true }).waitFor();
}

describe('legal documents and agreements', () => {
  it('an admin publishes new terms; a new user must accept them to register; a signed-in user accepts a new version before continuing', async () => {
    // Olivia is signed in and browsing while no document is active: nothing is asked.
    const existing = await openPage(browser, { baseURL: server.url });
    await signInByApi(existing, olivia);
    await existing.goto('/home');
    await existing.getByRole('heading', { name: 'Property Listings' }).waitFor();
    expect(await agreementsDialog(existing).count()).toBe(0);

    // The admin creates the homeowners' terms, with the shared rules' messages first.
    const admin = await openPage(browser, { baseURL: server.url });
    await admin.goto('/admin');
    await signInAsAdmin(admin, superAdmin);
    await openLegalTab(admin);
    await admin.getByText('No legal documents yet').waitFor();
    await admin.getByRole('button', { name: 'New document' }).click();
    const editor = admin.getByRole('dialog', { name: 'New document' });
    await editor.getByRole('button', { name: 'Create document' }).click();
    for (const message of ['Title is required', 'Version is required', 'Please select a valid date and time', 'Content is required']) {
      await editor.getByText(message, { exact: true }).waitFor();
    }
    await screenshotViewport(admin, 'legal-editor-errors-desktop');
    await editor.getByLabel('Type').selectOption('tos_homeowner');
    await editor.getByLabel('Title').fill('Terms of Service for Homeowners');
    await editor.getByLabel('Version').fill('1.0');
    await editor.getByLabel('Effective date').fill('2026-01-15T09:00');
    await editor.getByLabel('Content').fill(TERMS_V1);
    await editor.getByRole('button', { name: 'Create document' }).click();
    await toast(admin, 'Document created').waitFor();
    await editor.waitFor({ state: 'hidden' });

    // Activate it (offered on the inactive version only), after a confirmation.
    const v1 = 'Terms of Service for Homeowners, version 1.0';
    await admin.getByRole('button', { name: `Activate ${v1}` }).click();
    await admin.getByRole('dialog', { name: 'Activate version 1.0?' }).getByRole('button', { name: 'Activate' }).click();
    await toast(admin, 'Document activated').waitFor();
    await expect.poll(() => admin.getByRole('button', { name: `Activate ${v1}` }).count()).toBe(0);
    expect(
      await admin.getByRole('row').filter({ hasText: 'Terms of Service for Homeowners' }).getByText('Active', { exact: true }).isVisible(),
    ).toBe(true);
    expect(await admin.getByRole('button', { name: `Delete ${v1}` }).count()).toBe(0);
    // The privacy policy, published through the API.
    await publishLegalDocument(server.url, await adminCookie(server.url, superAdmin), {
      type: 'privacy_policy',
      title: 'Privacy Policy',
      version: '1.0',
      content: 'We keep your details safe.\n\nWe never sell them.',
    });
    await screenshot(admin, 'legal-admin-published-desktop');

    // Anyone can read the active terms; the realtors' terms are not published yet.
    const visitor = await openPage(browser, { baseURL: server.url });
    await visitor.goto('/legal/terms-homeowners');
    await visitor.getByRole('heading', { level: 1, name: 'Terms of Service for Homeowners' }).waitFor();
    expect(await visitor.getByText('Listing is free. You may remove your listing at any time.').isVisible()).toBe(true);
    await visitor.goto('/legal/terms-realtors');
    await visitor.getByRole('heading', { level: 1, name: 'Not published yet' }).waitFor();

    // A new homeowner must accept them to register: refused without the checkbox, accepted with it.
    await visitor.goto('/auth');
    await visitor.getByRole('tab', { name: 'Register' }).click();
    const accept = visitor.getByLabel(ACCEPT_LABEL);
    await accept.waitFor();
    expect(await visitor.getByRole('link', { name: 'Terms of Service for Homeowners' }).getAttribute('href')).toBe(
      '/legal/terms-homeowners',
    );
    expect(await visitor.getByRole('link', { name: 'Privacy Policy' }).first().getAttribute('href')).toBe('/legal/privacy');
    await visitor.getByLabel('Full name').fill(newcomer.name);
    await visitor.getByLabel('Username').fill(newcomer.username);
    await visitor.getByLabel('Email').fill(newcomer.email);
    await visitor.getByLabel('Password', { exact: true }).fill(newcomer.password);
    await visitor.getByRole('button', { name: 'Create account' }).click();
    await visitor.getByText(ACCEPTANCE_REQUIRED, { exact: true }).waitFor();
    expect(new URL(visitor.url()).pathname).toBe('/auth');
    await screenshot(visitor, 'legal-register-refused-desktop');
    // The server refuses it too.
    const refused = await fetch(`${server.url}/api/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...newcomer, username: 'nina_sneaky', email: 'sneaky@example.com', role: 'homeowner' }),
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(ACCEPTANCE_REQUIRED);

    await accept.check();
    expect(await visitor.getByText(ACCEPTANCE_REQUIRED, { exact: true }).count()).toBe(0);
    await visitor.getByRole('button', { name: 'Create account' }).click();
    await visitor.getByRole('heading', { name: 'Property Listings' }).waitFor();
    expect(await agreementsDialog(visitor).count()).toBe(0);

    // The admin sees who accepted the terms.
    await admin.getByRole('button', { name: `View agreements for ${v1}` }).click();
    const agreements = admin.getByRole('dialog', { name: 'Agreements' });
    const ninaRow = agreements.getByRole('row').filter({ hasText: newcomer.email });
    await ninaRow.waitFor();
    expect(await ninaRow.textContent()).toContain(newcomer.name);
    expect(await ninaRow.textContent()).toContain('Homeowner');
    // The exact version each person accepted.
    expect(await ninaRow.textContent()).toContain('Version 1.0');
    await screenshotViewport(admin, 'legal-agreements-desktop');
    await admin.keyboard.press('Escape');
    await agreements.waitFor({ state: 'hidden' });

    // Olivia, still signed in, is asked before continuing: the dialog blocks until she accepts.
    await existing.reload();
    const blocking = agreementsDialog(existing);
    await blocking.waitFor();
    expect(await blocking.getByText('Terms of Service for Homeowners', { exact: true }).isVisible()).toBe(true);
    expect(await blocking.getByText('Privacy Policy', { exact: true }).isVisible()).toBe(true);
    await existing.keyboard.press('Escape');
    expect(await blocking.isVisible()).toBe(true);
    expect(await blocking.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
    await screenshotViewport(existing, 'legal-pending-desktop');
    await blocking.getByRole('button', { name: 'Accept and continue' }).click();
    await blocking.waitFor({ state: 'hidden' });
    await existing.getByRole('banner').getByRole('link', { name: 'Profile' }).click();
    await existing.waitForURL((url) => url.pathname === '/homeowner-profile');
    await existing.reload();
    await existing.getByRole('banner').waitFor();
    expect(await agreementsDialog(existing).count()).toBe(0);

    // A new version, activated while Nina is signed in: she is asked for it alone. The activated version's text never changes:
    // its edit is saved as a new draft version, and it is never deleted.
    expect(await admin.getByRole('button', { name: `Edit ${v1}` }).count()).toBe(0);
    await admin.getByRole('button', { name: `New version of ${v1}` }).click();
    const newVersion = admin.getByRole('dialog', { name: 'New version' });
    expect(await newVersion.getByLabel('Title').inputValue()).toBe('Terms of Service for Homeowners');
    await newVersion.getByLabel('Version').fill('2.0');
    await newVersion.getByLabel('Effective date').fill('2026-06-01T09:00');
    await newVersion.getByLabel('Content').fill(`${TERMS_V1}\n\n3. Reviews\n\nYou may review the realtor you chose.`);
    await screenshotViewport(admin, 'legal-new-version-desktop');
    await newVersion.getByRole('button', { name: 'Save as new version' }).click();
    await toast(admin, 'Saved as a new draft version').waitFor();
    const v2 = 'Terms of Service for Homeowners, version 2.0';
    await admin.getByRole('button', { name: `Activate ${v2}` }).click();
    await admin.getByRole('dialog', { name: 'Activate version 2.0?' }).getByRole('button', { name: 'Activate' }).click();
    await toast(admin, 'Document activated').waitFor();
    const v1Row = admin.getByTestId('legal-document-row').filter({ hasText: '1.0' }).filter({ hasText: 'Terms of Service for Homeowners' });
    await v1Row.getByText('Superseded', { exact: true }).waitFor();
    expect(await admin.getByRole('button', { name: `Delete ${v1}` }).count()).toBe(0);
    // A third version, scheduled: it becomes active by itself on its effective date; nobody is asked before then.
    await admin.getByRole('button', { name: `New version of ${v2}` }).click();
    const scheduled = admin.getByRole('dialog', { name: 'New version' });
    await scheduled.getByLabel('Version').fill('3.0');
    await scheduled.getByLabel('Effective date').fill('2031-01-01T09:00');
    await scheduled.getByRole('button', { name: 'Save as new version' }).click();
    await toast(admin, 'Saved as a new draft version').waitFor();
    await admin.getByRole('button', { name: 'Activate Terms of Service for Homeowners, version 3.0' }).click();
    await admin.getByRole('dialog', { name: 'Activate version 3.0?' }).getByRole('button', { name: 'Activate' }).click();
    await toast(admin, 'Document scheduled').waitFor();
    await admin.getByTestId('legal-document-row').filter({ hasText: '3.0' }).getByText(/^Scheduled for/).waitFor();
    await expect.poll(() => admin.getByTestId('legal-document-row').count()).toBe(4);
    await screenshot(admin, 'legal-admin-versions-desktop');

    await visitor.reload();
    const asked = agreementsDialog(visitor);
    await asked.waitFor();
    expect(await asked.getByRole('listitem').count()).toBe(1);
    expect(await asked.getByText('Version 2.0', { exact: false }).isVisible()).toBe(true);
    // The text can be read in place.
    await asked.getByText('Show the text').click();
    await asked.getByText('You may review the realtor you chose.').waitFor();
    // Logging out is the other way out; signing in again asks again.
    await asked.getByRole('button', { name: 'Logout' }).click();
    await visitor.waitForURL((url) => url.pathname === '/auth');
    await signInByApi(visitor, newcomer);
    await visitor.goto('/home');
    await asked.waitFor();
    await asked.getByRole('button', { name: 'Accept and continue' }).click();
    await asked.waitFor({ state: 'hidden' });
    await toast(visitor, 'Thank you').waitFor();
    await visitor.getByRole('heading', { name: 'Property Listings' }).waitFor();
  });

  it('fits a phone: the legal tab, the register agreement and the prompt', async () => {
    const admin = await openPage(browser, { baseURL: server.url, viewport: viewports.phone });
    await admin.goto('/admin');
    await signInAsAdmin(admin, superAdmin);
    await openLegalTab(admin);
    await admin.getByTestId('legal-document-card').first().waitFor();
    expect(await admin.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(false);
    await screenshot(admin, 'legal-admin-phone');
    await admin.getByRole('button', { name: 'New document' }).click();
    await admin.getByRole('dialog', { name: 'New document' }).getByRole('button', { name: 'Create document' }).click();
    await admin.getByText('Title is required').waitFor();
    await screenshotViewport(admin, 'legal-editor-errors-phone');

    const page = await openPage(browser, { baseURL: server.url, viewport: viewports.phone });
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel(ACCEPT_LABEL).waitFor();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText(ACCEPTANCE_REQUIRED, { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(false);
    await screenshot(page, 'legal-register-refused-phone');

    // A realtor registered before anything was accepted is asked on the phone too.
    const realtor: SeedUser = {
      username: 'rory_realtor',
      password: 'Realtor-Rory-3',
      name: 'Rory Realtor',
      email: 'rory@example.com',
      role: 'realtor',
    };
    await registerRealtorThenPublishTheirTerms(realtor);
    const phone = await openPage(browser, { baseURL: server.url, viewport: viewports.phone });
    await signInByApi(phone, realtor);
    await phone.goto('/dashboard');
    await agreementsDialog(phone).waitFor();
    await screenshotViewport(phone, 'legal-pending-phone');
  });
});

/** Registers a realtor accepting what is active for realtors (the privacy policy), then publishes the realtors' terms. */
async function registerRealtorThenPublishTheirTerms(realtor: SeedUser): Promise<void> {
  const active = (await (await fetch(`${server.url}/api/legal-documents/active?role=realtor`)).json()) as Array<{ id: number }>;
  const response = await fetch(`${server.url}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...realtor, acceptedDocumentIds: active.map((document) => document.id) }),
  });
  expect(response.status).toBe(201);
  await publishLegalDocument(server.url, await adminCookie(server.url, superAdmin), {
    type: 'tos_realtor',
    title: 'Terms of Service for Realtors',
    version: '1.0',
    content: 'Realtors spend 1 credit per bid.\n\nBids are final once the bidding period closes.',
  });
}
