import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoA11yViolations } from './support/a11y';
import { registerUser, signInAsAdmin, startAdminTestServer, superAdmin, type SeedUser } from './support/admin';
import { launchBrowser, openPage, screenshotBoth } from './support/browser';
import { apiCall, createListingByApi } from './support/listings';
import { ownerAndRealtor } from './support/parties';
import type { TestServer } from './support/server';

/*
 * Issue 17, item 6 in the browser: a homeowner renames a listing; an
 * administrator opens the activity log, follows the listing entry's
 * Timeline link, and picks a moment before the edit: the state folded from
 * the log up to then shows the old title. Each event says who made it and
 * from where; the state at an event and now are one click away.
 */

const owner: SeedUser = {
  username: 'tess_timeline',
  password: 'Homeowner1',
  name: 'Tess Timeline',
  email: 'tess@example.com',
  role: 'homeowner',
};
const agent: SeedUser = {
  username: 'wade_witness',
  password: 'Realtor123',
  name: 'Wade Witness',
  email: 'wade@example.com',
  role: 'realtor',
};
const OLD_TITLE = 'Old Mill Cottage';
const NEW_TITLE = 'Old Mill Cottage with Studio';

let server: TestServer;
let browser: Browser;
/** The listing the first journey lists and renames; the second opens it again. */
let listingId = '';

beforeAll(async () => {
  [server, browser] = await Promise.all([startAdminTestServer(), launchBrowser()]);
  await Promise.all([owner, agent].map((person) => registerUser(server.url, person)));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** 'YYYY-MM-DDTHH:mm:ss' in the page's time zone, as its datetime-local input takes it. */
function localInputValue(page: Page, iso: string): Promise<string> {
  return page.evaluate((time) => {
    const date = new Date(time);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  }, iso);
}

const stateTitle = (page: Page) =>
  page
    .getByTestId('timeline-state')
    .locator('dt', { hasText: /^Title$/ })
    .locator('xpath=following-sibling::dd[1]');

describe('admin time travel', () => {
  it('opens a listing’s timeline from the activity log and shows its title as it was before an edit', async () => {
    const { ownerPage, page: realtorPage } = await ownerAndRealtor(browser, server.url, { owner, realtor: agent }, 2);
    listingId = await createListingByApi(ownerPage, server.url, {
      title: OLD_TITLE,
    });
    // A second apart at least, so a moment to the second falls between the listing and its edit.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    await apiCall(ownerPage, server.url, 'PUT', `/api/properties/${listingId}`, {
      title: NEW_TITLE,
      description: 'A bright home with a garden, close to shops and transit.',
      propertyType: 'house',
      bedrooms: 4,
      bathrooms: 2,
      address: '1 Test Street',
      location: 'Toronto, ON',
      images: [],
    });
    await apiCall(realtorPage, server.url, 'POST', `/api/properties/${listingId}/bid`, { propertyId: listingId, amount: 150 });

    const page = await openPage(browser, { baseURL: server.url });
    await page.goto('/admin');
    await signInAsAdmin(page, superAdmin);
    await page.getByRole('tab', { name: 'Activity' }).click();
    // The listing's first entry names it by the title it had then.
    const link = page.locator('table').getByRole('link', { name: `Timeline of ${OLD_TITLE}`, exact: true });
    await link.first().waitFor();
    await screenshotBoth(page, 'admin-time-travel-activity-links');
    await link.first().click();

    await page.getByRole('heading', { name: 'Listing timeline' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin/timeline/listing/${listingId}`);
    const events = page.getByTestId('timeline-event');
    await events.nth(1).waitFor();
    expect(await events.count()).toBe(2);
    const listed = events.nth(0);
    expect(await listed.innerText()).toContain('Property listed');
    expect(await listed.innerText()).toContain(owner.name);
    // The address the request came from (the test browser's, on this machine).
    expect(await listed.locator('dd.font-mono').innerText()).toMatch(/\d|:/);
    expect(await events.nth(1).innerText()).toContain(`Title: ${OLD_TITLE} → ${NEW_TITLE}`);

    // Pick a moment between the listing and the edit.
    const listedAt = await listed.locator('time').getAttribute('datetime');
    expect(listedAt).not.toBeNull();
    await page.getByLabel('Show state at').fill(await localInputValue(page, new Date(Date.parse(listedAt ?? '') + 1000).toISOString()));
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect.poll(() => stateTitle(page).innerText()).toBe(OLD_TITLE);
    expect(await page.getByTestId('timeline-state').innerText()).not.toContain(NEW_TITLE);
    expect(new URL(page.url()).searchParams.get('at')).not.toBeNull();
    await expectNoA11yViolations(page);
    await screenshotBoth(page, 'admin-time-travel-before-edit');

    // The state right after the edit, from the event's own button, and then now.
    await events.nth(1).getByRole('button', { name: 'State at this event' }).click();
    await expect.poll(() => stateTitle(page).innerText()).toBe(NEW_TITLE);
    expect(await events.nth(1).getByRole('button', { name: 'Showing state at this event' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Now', exact: true }).click();
    await expect.poll(() => page.getByText(/^Now, after event #1$/).count()).toBe(1);
    await screenshotBoth(page, 'admin-time-travel-now');

    // Back goes to the moment before.
    await page.goBack();
    await expect.poll(() => stateTitle(page).innerText()).toBe(NEW_TITLE);

    // The owner's account is one click away.
    await page.getByRole('link', { name: 'Timeline of the owner' }).click();
    await page.getByRole('heading', { name: 'Account timeline' }).waitFor();
    await page.getByText(owner.name, { exact: true }).first().waitFor();
  });

  it('opens from a link signed out and from the Properties tab, and shows an account’s credits, a loading state, and a not-found state for an unknown id', async () => {
    const page = await openPage(browser, { baseURL: server.url });
    // A timeline's link opened signed out asks for the sign-in first, then shows the timeline.
    await page.goto(`/admin/timeline/listing/${listingId}`);
    await page.getByRole('heading', { name: 'Admin Portal' }).waitFor();
    await page.getByLabel('Username').fill(superAdmin.username);
    await page.getByLabel('Password').fill(superAdmin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Listing timeline' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin/timeline/listing/${listingId}`);

    await page.goto('/admin/properties');
    // The Properties tab links each listing to its timeline too.
    await page.getByRole('tab', { name: 'Properties' }).click();
    await page.locator('table').getByRole('link', { name: `Timeline of ${NEW_TITLE}`, exact: true }).click();
    await page.getByRole('heading', { name: 'Listing timeline' }).waitFor();
    await page.getByTestId('timeline-event').nth(1).waitFor();

    const realtor = (await (await page.request.get('/api/admin/users?search=wade_witness')).json()) as { items: Array<{ id: string }> };
    const realtorId = realtor.items[0]?.id ?? '';

    // Loading: the answer held back while the skeleton shows.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/timeline/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/admin/timeline/account/${realtorId}`);
    await page.getByRole('status').filter({ hasText: 'Loading the timeline' }).waitFor();
    await screenshotBoth(page, 'admin-time-travel-loading', {
      fullPage: false,
    });
    // Released for good: later requests pass through the same handler at once.
    release();
    await page.getByRole('heading', { name: 'Account timeline' }).waitFor();
    await page.getByTestId('timeline-event').first().waitFor();
    expect(await page.getByTestId('timeline-state').innerText()).toMatch(/Credits\s+\d+/);
    // No hash is ever shown: the password reads as hidden.
    expect(await page.getByTestId('timeline-state').innerText()).toContain('Hidden');
    expect(await page.content()).not.toContain('scrypt$');
    await screenshotBoth(page, 'admin-time-travel-account');

    await page.goto('/admin/timeline/listing/no-such-listing');
    await page.getByRole('heading', { name: 'Listing not found' }).waitFor();
    expect(await page.getByText('The log holds no listing with the id no-such-listing.', { exact: false }).count()).toBe(1);
    await screenshotBoth(page, 'admin-time-travel-error');
  });
});
