import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, startAdminTestServer, superAdmin } from './support/admin';
import { launchBrowser, openPage, openSignedInPage, screenshotBoth, screenshotViewport } from './support/browser';
import { adminCookie } from './support/legal';
import { adminApi, apiCall, approveRealtorByApi, createListingByApi, pendingVerificationOf, submitBillByApi } from './support/listings';
import { registerPerson, type Person } from './support/marketplace';
import { ownerAndRealtor } from './support/parties';
import type { TestServer } from './support/server';

/*
 * The marketplace with no mouse: after each `goto`, only the keyboard (Tab,
 * Shift+Tab, Enter, Space, arrows, typing). A homeowner registers and lists a
 * property, a realtor bids on it, and the owner selects a bid once bidding has
 * closed. Every element the journey tabs through shows that it has focus,
 * closing a dialog gives focus back to what opened it, and what an action did
 * is said in the page's live region. Setup a person does elsewhere (the
 * ownership approval, a realtor's credits, a listing that closes in seconds)
 * goes through the API, as in the other journeys.
 */

const homeowner = { name: 'Kay Board', username: 'kay_board', email: 'kay@example.com', password: 'Homeowner1' };
const realtor: Person = {
  username: 'tab_realtor',
  password: 'Realtor123',
  name: 'Tabitha Keys',
  email: 'tabitha@example.com',
  phone: '+14165550188',
  role: 'realtor',
};
const TITLE = 'Keyboard Cottage';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAdminTestServer(), launchBrowser()]);
  await registerPerson(server.url, realtor);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Focused = { name: string; role: string | null; shown: boolean; where: string };

/** What has focus: its accessible name (roughly) and whether a ring, an outline or an underline shows it. */
const focused = (page: Page): Promise<Focused> =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return { name: '', role: null, shown: false, where: 'body' };
    const labelledBy = element.getAttribute('aria-labelledby');
    const labelText =
      (labelledBy ? document.getElementById(labelledBy)?.textContent : '') ||
      element.getAttribute('aria-label') ||
      ('labels' in element && (element as HTMLInputElement).labels?.[0]?.textContent) ||
      element.textContent ||
      '';
    // A visually hidden control (a radio inside its card) shows focus on its label.
    const candidates = [element, element.closest('label')].filter((candidate): candidate is HTMLElement => candidate !== null);
    const shown = candidates.some((candidate) => {
      const style = getComputedStyle(candidate);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      return outline || style.boxShadow !== 'none' || style.textDecorationLine.includes('underline');
    });
    return { name: labelText.replace(/\s+/g, ' ').trim(), role: element.getAttribute('role'), shown, where: element.outerHTML.slice(0, 120) };
  });

/**
 * Presses Tab (or Shift+Tab) until the focused element's name matches, and
 * notes every stop on the way that shows no focus.
 */
async function tabTo(page: Page, name: RegExp, unmarked: string[], { backwards = false, role }: { backwards?: boolean; role?: string } = {}): Promise<void> {
  for (let step = 0; step < 60; step += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    if (!now.shown) unmarked.push(`${now.name} ${now.where}`);
    if (name.test(now.name) && (role === undefined || now.role === role)) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

async function expectFocusOn(page: Page, name: RegExp): Promise<void> {
  await expect.poll(async () => (await focused(page)).name).toMatch(name);
}

/**
 * Starts keeping every text the page's live region says, in order: a toast
 * can be replaced within moments (the first bid's reward follows the bid), so
 * waiting for the region to show a text could miss it. The page must stay on
 * one document meanwhile.
 */
async function recordAnnouncements(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const region = document.querySelector('[data-testid="announcer"]');
    if (region === null) throw new Error('No live region on the page');
    const said: string[] = [];
    (window as unknown as { said: string[] }).said = said;
    new MutationObserver(() => {
      const text = region.textContent?.trim() ?? '';
      if (text !== '') said.push(text);
    }).observe(region, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => [...(window as unknown as { said: string[] }).said]);
}

const saying = (text: string) => expect.arrayContaining([expect.stringMatching(new RegExp(`^${text}`))]);

describe('the marketplace by keyboard', () => {
  it('registers, lists, bids and selects with no mouse, focus always shown and returned, results announced', async () => {
    const unmarked: string[] = [];

    // The homeowner registers: the Register tab by arrow key, the form by Tab and typing, the panel itself showing focus.
    const owner = await openPage(browser, { baseURL: server.url });
    await owner.goto('/auth');
    await owner.getByRole('heading', { name: 'Welcome to BidHome' }).waitFor();
    await tabTo(owner, /^Login$/, unmarked, { role: 'tab' });
    await owner.keyboard.press('ArrowRight');
    await expectFocusOn(owner, /^Register$/);
    await owner.getByLabel('Full name').waitFor();
    await owner.keyboard.press('Tab');
    const panel = await focused(owner);
    expect(panel.where).toContain('role="tabpanel"');
    expect(panel.shown).toBe(true);
    await screenshotViewport(owner, 'keyboard-journey-register-panel-focus');
    await tabTo(owner, /^Homeowner/, unmarked);
    await tabTo(owner, /^Full name$/, unmarked);
    await owner.keyboard.type(homeowner.name);
    await tabTo(owner, /^Username$/, unmarked);
    await owner.keyboard.type(homeowner.username);
    await tabTo(owner, /^Email$/, unmarked);
    await owner.keyboard.type(homeowner.email);
    await tabTo(owner, /^Password$/, unmarked);
    await owner.keyboard.type(homeowner.password);
    await tabTo(owner, /I agree|Create account/, unmarked);
    if (/I agree/.test((await focused(owner)).name)) {
      await owner.keyboard.press('Space');
      await tabTo(owner, /Create account/, unmarked);
    }
    await owner.keyboard.press('Enter');
    await owner.getByRole('heading', { name: 'Property Listings' }).waitFor();

    // An administrator approves the ownership document (through the API).
    const admin = await adminCookie(server.url, superAdmin);
    await submitBillByApi(owner, server.url);
    const submission = await pendingVerificationOf(server.url, admin, homeowner.email);
    await adminApi(server.url, admin, 'POST', `/api/admin/verifications/${submission.id}/approve`);

    // The homeowner lists a property, every field by Tab and typing, the type by arrow keys.
    await owner.goto('/list-property');
    await owner.getByLabel('Title').waitFor();
    const ownerSaid = await recordAnnouncements(owner);
    await tabTo(owner, /^Title$/, unmarked);
    await owner.keyboard.type(TITLE);
    await tabTo(owner, /^Description$/, unmarked);
    await owner.keyboard.type('Two bedrooms, a porch, and a garden reached without a mouse.');
    await tabTo(owner, /^Property type$/, unmarked);
    await owner.keyboard.press('ArrowDown');
    await tabTo(owner, /^Bedrooms$/, unmarked);
    await owner.keyboard.type('2');
    await tabTo(owner, /^Bathrooms$/, unmarked);
    await owner.keyboard.type('1');
    await tabTo(owner, /^Address$/, unmarked);
    await owner.keyboard.type('8 Tab Street');
    await tabTo(owner, /^Location$/, unmarked);
    await owner.keyboard.type('Toronto, ON');
    await tabTo(owner, /^List property$/, unmarked);
    await owner.keyboard.press('Enter');
    await owner.waitForURL((url) => url.pathname.startsWith('/listing/'));
    await expect.poll(ownerSaid).toEqual(saying('Property listed'));
    const listingId = decodeURIComponent(new URL(owner.url()).pathname.slice('/listing/'.length));

    // The realtor (approved and given credits through the API) bids: Enter on Place Bid, Tab to Confirm Bid, Enter.
    const agent = await openSignedInPage(browser, server.url, realtor);
    const me = await apiCall<{ id: string }>(agent, server.url, 'GET', '/api/user');
    await approveRealtorByApi(agent, server.url, admin);
    await adminApi(server.url, admin, 'PUT', `/api/admin/users/${me.id}`, { credits: 2 });
    await agent.goto(`/listing/${listingId}`);
    await agent.getByRole('button', { name: 'Place Bid' }).waitFor();
    const agentSaid = await recordAnnouncements(agent);
    await tabTo(agent, /Place Bid/, unmarked);
    // Escape closes the dialog and focus is back on Place Bid.
    await agent.keyboard.press('Enter');
    const placeDialog = agent.getByRole('dialog', { name: 'Confirm your bid' });
    await placeDialog.waitFor();
    await agent.keyboard.press('Escape');
    await placeDialog.waitFor({ state: 'hidden' });
    await expectFocusOn(agent, /Place Bid/);
    await agent.keyboard.press('Enter');
    await placeDialog.waitFor();
    await tabTo(agent, /^Message/, unmarked);
    await agent.keyboard.type('Happy to help, keyboard and all.');
    await tabTo(agent, /Confirm Bid/, unmarked);
    await agent.keyboard.press('Enter');
    await expect.poll(agentSaid).toEqual(saying('Bid placed successfully'));
    await placeDialog.waitFor({ state: 'hidden' });
    // The first bid's reward follows as a toast (one arriving while a dialog is open leaves its Escape to the dialog: see below).
    await expect.poll(agentSaid).toEqual(saying('First Bid completed'));
    // Place Bid gave way to Edit Bid, which has the focus now; Escape from its dialog returns there too.
    await expectFocusOn(agent, /Edit Bid/);
    await agent.keyboard.press('Enter');
    const editDialog = agent.getByRole('dialog', { name: 'Edit your bid' });
    await editDialog.waitFor();
    await agent.keyboard.press('Escape');
    await editDialog.waitFor({ state: 'hidden' });
    await expectFocusOn(agent, /Edit Bid/);
    await screenshotBoth(agent, 'keyboard-journey-bid-placed');

    // The owner selects a bid on a listing that closed (listed and bid on through the API, closing in seconds).
    const closesAt = Date.now() + 8_000;
    const closingId = await createListingByApi(owner, server.url, { title: 'Quick Close Cabin', biddingEndsAt: new Date(closesAt).toISOString() });
    await apiCall(agent, server.url, 'POST', `/api/properties/${closingId}/bid`, { propertyId: closingId, amount: 150 });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, closesAt - Date.now() + 500)));
    await owner.goto(`/listing/${closingId}`);
    await owner.getByRole('button', { name: 'Select', exact: true }).waitFor();
    const selectionSaid = await recordAnnouncements(owner);
    await tabTo(owner, /^Select$/, unmarked);
    await owner.keyboard.press('Enter');
    const selectDialog = owner.getByRole('alertdialog', { name: 'Select this bid?' });
    await selectDialog.waitFor();
    await tabTo(owner, /^Select bid$/, unmarked);
    await owner.keyboard.press('Enter');
    await expect.poll(selectionSaid).toEqual(saying('Realtor selected'));
    await selectDialog.waitFor({ state: 'hidden' });
    // The Select buttons are gone: focus is on the chosen realtor, whose name now shows.
    await expectFocusOn(owner, new RegExp(`View profile of ${realtor.name}`));
    await screenshotBoth(owner, 'keyboard-journey-selected');

    expect(unmarked).toEqual([]);
  });

  it('closes a dialog on Escape even when a toast arrived while it was open, and the toast stays', async () => {
    const people = {
      owner: { username: 'tess_toast', password: 'Homeowner1', name: 'Tess Toast', email: 'tess@example.com', role: 'homeowner' as const },
      realtor: { username: 'esc_realtor', password: 'Realtor123', name: 'Esc Ape', email: 'esc@example.com', role: 'realtor' as const },
    };
    await Promise.all([registerUser(server.url, people.owner), registerUser(server.url, people.realtor)]);
    const { ownerPage, page } = await ownerAndRealtor(browser, server.url, people, 2);
    const listingId = await createListingByApi(ownerPage, server.url, { title: 'Escape Hatch Loft' });
    const me = await apiCall<{ id: string }>(page, server.url, 'GET', '/api/user');
    await page.goto(`/listing/${listingId}`);
    const placeBid = page.getByRole('button', { name: 'Place Bid' });
    await placeBid.waitFor();
    await tabTo(page, /Place Bid/, []);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Confirm your bid' });
    await dialog.waitFor();
    // An administrator's change of the balance arrives as a toast, the newest layer on the page.
    await adminApi(server.url, await adminCookie(server.url, superAdmin), 'PUT', `/api/admin/users/${me.id}`, { credits: 5 });
    const toast = page.locator('[data-slot="toast"]', { hasText: 'Your balance is now 5 credits.' });
    await toast.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expectFocusOn(page, /Place Bid/);
    expect(await toast.isVisible()).toBe(true);
  });
});
