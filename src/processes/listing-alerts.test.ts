import { describe, expect, it } from 'vitest';
import { listingAlertsStreamId } from '../domain/notifications/listing-alerts';
import { realtorProfile, realtorProfileStreamId } from '../domain/realtor-profiles/profile';
import { handleCommand } from '../domain/shared/command-handler';
import { approveRealtor, registerRealtor, testClock } from '../testing/bidding';
import { listProperty, rootSession, verifiedHomeowner } from '../testing/listings';
import type { TestApp } from '../testing/test-app';
import { testAppPerTest } from '../testing/test-app';
import { sendJson } from '../testing/user-session';
import { createListingAlerts } from './listing-alerts';

// Mails about new listings in a realtor's service areas, as the realtor chose (issue 27 item 3, docs/decisions/0060).

const app = testAppPerTest();
const alerts = (t: TestApp, to: string) => t.outbox().filter((mail) => (mail.tag === 'listing-alert' || mail.tag === 'listing-digest') && mail.to === to);
const choose = (t: TestApp, cookie: string, listingEmails: string) => sendJson(t.app, 'PUT', '/api/user/notifications', { listingEmails }, cookie);

/** A realtor serving Downtown (the vetted fixture), one serving only Guelph, and a verified homeowner. */
async function setUp() {
  const clock = testClock('2026-11-22T10:00:00.000Z');
  const t = await app({ now: clock.now });
  const downtown = await registerRealtor(t, 0, { name: 'Dana Downtown' });
  // Gus's own profile serves Guelph only; the approval keeps his areas.
  const guelph = await registerRealtor(t, 0, { name: 'Gus Guelph' }, { vetted: false });
  const profile = { brokerageName: 'Maple Realty', licenseNumber: 'L-100201', serviceAreas: ['Guelph' as const], specialties: ['Condos' as const], additionalServices: [], commissionRate: '2.5%', about: '', yearsOfExperience: 8 };
  await handleCommand(t.deps.eventStore, realtorProfileStreamId(guelph.user.id), realtorProfile, { type: 'SaveRealtorProfile', userId: guelph.user.id, role: 'realtor', profile, at: clock.now().toISOString() });
  await approveRealtor(t, guelph.user.id);
  const owner = await verifiedHomeowner(t, await rootSession(t));
  const list = (title: string) => listProperty(t, owner.cookie, { title, location: 'Toronto, ON', area: 'Downtown' });
  return { t, clock, downtown, guelph, list };
}

describe('listing alerts', () => {
  it('instant (the default): one mail to each realtor serving the area, at once and once, from whichever node', async () => {
    const { t, downtown, guelph, list } = await setUp();
    const listing = await list('Corner loft');
    await t.processManagers.idle();
    const [mail, ...more] = alerts(t, downtown.input.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('New listing in Downtown: "Corner loft"');
    expect(mail?.text).toContain('"Corner loft" in Toronto, ON (Downtown)');
    expect(mail?.text).toContain(`http://localhost:3000/listing/${listing.id}`);
    expect(alerts(t, guelph.input.email)).toEqual([]);

    // Another node, and this one again, find it claimed.
    const other = createListingAlerts({ eventStore: t.deps.eventStore, readStore: t.deps.readStore, mailer: t.deps.mailer, logger: t.logger, clock: t.deps.clock, publicUrl: 'http://localhost:3000' });
    expect(await Promise.all([other.runOnce(), t.listingAlerts.runOnce()])).toEqual([0, 0]);
    expect(alerts(t, downtown.input.email)).toHaveLength(1);
    expect((await t.deps.eventStore.readStream(listingAlertsStreamId(downtown.user.id))).map((e) => e.type)).toEqual(['ListingAlertsMailed']);
  });

  it('daily: nothing at the listing; one digest at the digest hour of what went live since the choice, raced by three nodes; then nothing that day', async () => {
    const { t, clock, downtown, list } = await setUp();
    expect((await choose(t, downtown.cookie, 'daily')).status).toBe(200);
    clock.advance(60_000);
    await list('Corner loft');
    await list('Harbour view');
    await t.processManagers.idle();
    expect(alerts(t, downtown.input.email)).toEqual([]);

    clock.set('2026-11-23T07:59:00.000Z');
    expect(await t.listingAlerts.runOnce()).toBe(0);
    clock.set('2026-11-23T08:00:00.000Z');
    const node = () => createListingAlerts({ eventStore: t.deps.eventStore, readStore: t.deps.readStore, mailer: t.deps.mailer, logger: t.logger, clock: clock.now, publicUrl: 'http://localhost:3000' });
    const sent = await Promise.all([node().runOnce(), node().runOnce(), t.listingAlerts.runOnce()]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    const [digest, ...more] = alerts(t, downtown.input.email);
    expect(more).toEqual([]);
    expect(digest?.tag).toBe('listing-digest');
    expect(digest?.subject).toBe('2 new listings in your service areas');
    expect(await t.listingAlerts.runOnce()).toBe(0);
  });

  it('none: no mail at the listing, and no digest; the choice is a realtor\'s only', async () => {
    const { t, clock, downtown, list } = await setUp();
    expect(await (await choose(t, downtown.cookie, 'none')).json()).toEqual({ role: 'realtor', outcomeEmails: true, listingEmails: 'none' });
    await list('Corner loft');
    await t.processManagers.idle();
    clock.set('2026-11-23T09:00:00.000Z');
    expect(await t.listingAlerts.runOnce()).toBe(0);
    expect(alerts(t, downtown.input.email)).toEqual([]);
  });
});
