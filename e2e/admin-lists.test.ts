import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsAdmin, startAdminTestServer, superAdmin } from './support/admin';
import { launchBrowser, openPage, screenshot, viewports } from './support/browser';
import { solidPng } from './support/listings';
import type { TestServer } from './support/server';

const OWNERS = 55;

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAdminTestServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Registers through the API as a browser would (same origin), returning the session cookie. */
async function register(username: string, name: string, role: 'homeowner' | 'realtor'): Promise<string> {
  const response = await fetch(`${server.url}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url },
    body: JSON.stringify({ username, password: 'Secret123', name, email: `${username}@example.com`, role }),
  });
  if (!response.ok) throw new Error(`Registering ${username} answered ${response.status}: ${await response.text()}`);
  return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
}

async function call(cookie: string, method: 'POST', path: string, body: unknown): Promise<void> {
  const response = await fetch(`${server.url}${path}`, { method, headers: { 'Content-Type': 'application/json', Origin: server.url, cookie }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
}

async function submitBill(cookie: string): Promise<void> {
  const form = new FormData();
  form.set('document', new Blob([new Uint8Array(solidPng(40, 60, [240, 240, 240]))], { type: 'image/png' }), 'bill.png');
  const upload = await fetch(`${server.url}/api/upload-document`, { method: 'POST', headers: { Origin: server.url, cookie }, body: form });
  if (!upload.ok) throw new Error(`Uploading a bill answered ${upload.status}: ${await upload.text()}`);
  const { documentUrl } = (await upload.json()) as { documentUrl: string };
  await call(cookie, 'POST', '/api/verification/submit', { documentUrl });
}

// Names take letters only: Owner Ab, Owner Ac, … in the order they submitted.
const ownerName = (i: number) => `Owner ${String.fromCharCode(65 + Math.floor(i / 26))}${String.fromCharCode(97 + (i % 26))}`;

describe('the back office at scale', () => {
  it('pages through the verification queue oldest first, from a link to the pending queue', async () => {
    // One at a time, so each bill is older than the next.
    for (let i = 1; i <= OWNERS; i++) await submitBill(await register(`owner_${i}`, ownerName(i), 'homeowner'));

    const page = await openPage(browser, { baseURL: server.url, viewport: viewports.desktop });
    await page.goto('/admin/verifications?status=pending');
    await page.getByRole('heading', { name: 'Admin Portal' }).waitFor();
    await signInAsAdmin(page, superAdmin);
    const footer = page.getByText(/^Showing \d+ of \d+ submissions$/);
    await expect.poll(() => footer.textContent()).toBe(`Showing 50 of ${OWNERS} submissions`);
    const rows = page.getByRole('row').filter({ hasText: /Owner [A-Z][a-z]/ });
    expect(await rows.first().textContent()).toContain(ownerName(1));
    await screenshot(page, 'admin-queue-oldest-first-desktop');

    // The next page loads as the footer scrolls into view; no bill is shown twice or left out.
    await footer.scrollIntoViewIfNeeded();
    await expect.poll(() => footer.textContent()).toBe(`Showing ${OWNERS} of ${OWNERS} submissions`);
    const names = (await rows.allTextContents()).map((text) => /Owner [A-Z][a-z]/.exec(text)?.[0]);
    expect(names).toEqual(Array.from({ length: OWNERS }, (_, i) => ownerName(i + 1)));
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
  });

  it('shows a realtor’s purchase in the open Users list without a reload', async () => {
    const realtor = await register('rita_live', 'Rita Live', 'realtor');
    const page = await openPage(browser, { baseURL: server.url, viewport: viewports.desktop });
    await page.goto('/admin/users');
    await page.getByRole('heading', { name: 'Admin Portal' }).waitFor();
    await signInAsAdmin(page, superAdmin);
    await page.getByRole('searchbox', { name: 'Search' }).fill('rita_live');
    const row = page.getByRole('row').filter({ hasText: 'rita_live@example.com' });
    await row.waitFor();
    const credits = row.getByRole('cell').filter({ hasText: /^\d+$/ });
    expect(await credits.textContent()).toBe('0');

    await call(realtor, 'POST', '/api/payment-method/save', { paymentMethodId: 'pm_card_visa' });
    await call(realtor, 'POST', '/api/credits/purchase', { credits: 5 });
    await expect.poll(() => credits.textContent(), { timeout: 10_000 }).toBe('5');
    await screenshot(page, 'admin-users-live-credits-desktop');
  });
});
