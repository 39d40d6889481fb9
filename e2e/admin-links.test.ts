import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsAdmin, startAdminTestServer, superAdmin } from './support/admin';
import { launchBrowser, openPage, viewports } from './support/browser';
import type { TestServer } from './support/server';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAdminTestServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const path = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

const selectedTab = (page: Page) => page.getByRole('tab', { selected: true }).textContent();

const statusFilter = (page: Page, name: string) => page.getByRole('group', { name: 'Filter by status' }).getByRole('button', { name: new RegExp(`^${name}`) });

describe('admin portal links', () => {
  it('opens a deep link after signing in, keeps the queue filter in the link, and moves between tabs with back and forward', async () => {
    const page = await openPage(browser, { baseURL: server.url, viewport: viewports.desktop });
    await page.goto('/admin/verifications?status=rejected');
    await page.getByRole('heading', { name: 'Admin Portal' }).waitFor();
    await signInAsAdmin(page, superAdmin);
    await expect.poll(() => selectedTab(page)).toBe('Homeowners');
    await expect.poll(() => statusFilter(page, 'Rejected').getAttribute('aria-pressed')).toBe('true');

    // The pending queue is the default: choosing it leaves the link without a status.
    await statusFilter(page, 'Pending').click();
    await expect.poll(() => path(page)).toBe('/admin/homeowners');
    await statusFilter(page, 'All').click();
    await expect.poll(() => path(page)).toBe('/admin/homeowners?status=all');

    // Each tab is a page of its own, and a term typed on one tab does not filter another.
    await page.getByRole('tab', { name: 'Users' }).click();
    await expect.poll(() => path(page)).toBe('/admin/users');
    await page.getByRole('searchbox', { name: 'Search' }).fill('nobody-by-this-name');
    await page.getByText('No users match your search').waitFor();
    await page.getByRole('tab', { name: 'Properties' }).click();
    await expect.poll(() => path(page)).toBe('/admin/properties');
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('');

    await page.goBack();
    await expect.poll(() => selectedTab(page)).toBe('Users');
    expect(path(page)).toBe('/admin/users');
    await page.goBack();
    await expect.poll(() => selectedTab(page)).toBe('Homeowners');
    await expect.poll(() => statusFilter(page, 'All').getAttribute('aria-pressed')).toBe('true');
    await page.goForward();
    await expect.poll(() => selectedTab(page)).toBe('Users');

    // A reload stays on the tab, and the old ?tab= links still open theirs.
    await page.goto('/admin/payments');
    await expect.poll(() => selectedTab(page)).toBe('Payments');
    await page.goto('/admin?tab=legal-documents');
    await expect.poll(() => path(page)).toBe('/admin/legal-documents');
    await expect.poll(() => selectedTab(page)).toBe('Legal Documents');
    expect(await page.title()).toBe('Admin Portal · BidHome');

    // A tab that does not exist is the 404 page.
    await page.goto('/admin/nonsense');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
  });
});
