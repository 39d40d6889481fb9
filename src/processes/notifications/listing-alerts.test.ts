import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { propertyStreamId } from '../../domain/listings/events';
import { listingAlertsStreamId } from '../../domain/notifications/listing-alerts';
import { realtorProfile, realtorProfileStreamId } from '../../domain/realtor-profiles/profile';
import { handleCommand } from '../../domain/shared/command-handler';
import { expected } from '../../event-store/port';
import { createSqliteEventStore } from '../../event-store/sqlite';
import type { Mail, Mailer } from '../../mail/port';
import { MAILS_FROM_LOG } from '../../projections/notifications/mails-owed';
import { approveRealtor, propertyListedData, registerHomeowner, registerRealtor, testClock } from '../../testing/bidding';
import { listProperty, rootSession, verifiedHomeowner } from '../../testing/listings';
import { processManagerNodes, until } from '../../testing/process-manager-nodes';
import type { TestApp } from '../../testing/test-app';
import { testAppPerTest } from '../../testing/test-app';
import { sendJson } from '../../testing/user-session';
import { ALERT_FRESH_MS, createListingAlerts } from './listing-alerts';

// Mails about new listings in a realtor's service areas, as the realtor chose (issue 27 item 3, docs/decisions/0060);
// the instant one follows the log (docs/decisions/0063).

const app = testAppPerTest();
const alerts = (t: TestApp, to: string) => t.outbox().filter((mail) => (mail.tag === 'listing-alert' || mail.tag === 'listing-digest') && mail.to === to);
const choose = (t: TestApp, cookie: string, listingEmails: string) => sendJson(t.app, 'PUT', '/api/user/notifications', { listingEmails }, cookie);

/** A realtor serving Downtown (the vetted fixture), one serving only Guelph, and a verified homeowner. */
async function setUp(mailer?: Mailer) {
  const clock = testClock('2026-11-22T10:00:00.000Z');
  const t = await app({ now: clock.now, ...(mailer ? { mailer } : {}) });
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
  it('instant (the default): one mail to each realtor serving the area, at once and once, recorded sent, also after a replay', async () => {
    const { t, downtown, guelph, list } = await setUp();
    const listing = await list('Corner loft');
    await t.mailed();
    const [mail, ...more] = alerts(t, downtown.input.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('New listing in Downtown: "Corner loft"');
    expect(mail?.text).toContain('"Corner loft" in Toronto, ON (Downtown)');
    expect(mail?.text).toContain(`http://localhost:3000/listing/${listing.id}`);
    expect(alerts(t, guelph.input.email)).toEqual([]);

    // Recorded sent once; the next start replays the log and the digest pass runs: nothing goes out again.
    const sent = async () => (await t.deps.eventStore.readAll()).filter((e) => e.type === 'MailSent' && (e.data as { kind: string }).kind === 'listing-alert');
    expect(await sent()).toHaveLength(1);
    await t.runner.rebuild();
    await t.mailed();
    expect(await t.listingAlerts.runOnce()).toBe(0);
    expect(alerts(t, downtown.input.email)).toHaveLength(1);
    expect(await sent()).toHaveLength(1);
  });

  it('instant: an alert the mail provider refused is sent again until it goes, and recorded sent once', async () => {
    const refused: Mail[] = [];
    const delivered: Mail[] = [];
    const mailer: Mailer = {
      async send(mail) {
        if (mail.tag === 'listing-alert' && refused.length === 0) {
          refused.push(mail);
          throw new Error('provider unavailable');
        }
        delivered.push(mail);
      },
    };
    const { t, downtown, list } = await setUp(mailer);
    await list('Corner loft');
    await until(() => delivered.some((mail) => mail.tag === 'listing-alert'));
    await t.mailed();
    expect(refused.map((mail) => mail.to)).toEqual([downtown.input.email]);
    expect(delivered.filter((mail) => mail.tag === 'listing-alert').map((mail) => mail.to)).toEqual([downtown.input.email]);
    expect((await t.deps.eventStore.readAll()).filter((e) => e.type === 'MailSent' && (e.data as { kind: string }).kind === 'listing-alert')).toHaveLength(1);
  });

  it('daily: nothing at the listing; one digest at the digest hour of what went live since the choice, raced by three nodes; then nothing that day', async () => {
    const { t, clock, downtown, list } = await setUp();
    expect((await choose(t, downtown.cookie, 'daily')).status).toBe(200);
    clock.advance(60_000);
    await list('Corner loft');
    await list('Harbour view');
    await t.mailed();
    expect(alerts(t, downtown.input.email)).toEqual([]);

    clock.set('2026-11-23T07:59:00.000Z');
    expect(await t.listingAlerts.runOnce()).toBe(0);
    clock.set('2026-11-23T08:00:00.000Z');
    const node = () => createListingAlerts({ eventStore: t.deps.eventStore, readStore: t.deps.readStore, logger: t.logger, clock: clock.now });
    const sent = await Promise.all([node().runOnce(), node().runOnce(), t.listingAlerts.runOnce()]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    // The record owes the mail; the mail process sends it (docs/decisions/0063).
    await t.mailed();
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
    await t.mailed();
    clock.set('2026-11-23T09:00:00.000Z');
    expect(await t.listingAlerts.runOnce()).toBe(0);
    expect(alerts(t, downtown.input.email)).toEqual([]);
  });
});

describe('instant listing alerts from the log', () => {
  const { workspace, bootNode } = processManagerNodes();
  const closes = '2099-12-06T10:00:00.000Z';
  const alertsIn = (mails: Array<{ tag?: string; to: string; subject: string }>) => mails.filter((mail) => mail.tag === 'listing-alert').map((mail) => [mail.to, mail.subject]);

  /** A realtor serving Downtown and an owner, then no node: what the test appends lands while none runs. */
  async function realtorAndOwner(dir: string) {
    const node = await bootNode(dir);
    const realtor = await registerRealtor(node, 0, { name: 'Dana Downtown' });
    const owner = await registerHomeowner(node);
    await node.close();
    return { realtor, owner };
  }

  /** A listing in Downtown as its request appends it (the log owes its mails), written while no node runs. */
  async function listedWhileDown(dir: string, ownerId: string, more: (propertyId: string) => Array<{ streamId: string; type: string; data: Record<string, unknown> }> = () => []) {
    const store = createSqliteEventStore({ path: join(dir, 'events.db') });
    const propertyId = crypto.randomUUID();
    const data = { ...propertyListedData(propertyId, ownerId, { biddingEndsAt: closes, title: 'Corner loft', listedAt: new Date().toISOString() }), area: 'Downtown' };
    await store.append(propertyStreamId(propertyId), [{ id: crypto.randomUUID(), type: 'PropertyListed', data, metadata: { mails: MAILS_FROM_LOG } }], expected.noStream);
    for (const event of more(propertyId)) await store.append(event.streamId, [{ id: crypto.randomUUID(), type: event.type, data: event.data }], expected.any);
    await store.close();
  }

  it('given a listing in the log whose alert never went out (a crash), when a node starts, then the realtor is mailed once, and not again at the next start', async () => {
    const dir = workspace();
    const { realtor, owner } = await realtorAndOwner(dir);
    await listedWhileDown(dir, owner.user.id);

    const second = await bootNode(dir);
    expect(alertsIn(await second.mailed())).toEqual([[realtor.input.email, 'New listing in Downtown: "Corner loft"']]);
    await second.close();
    const third = await bootNode(dir);
    expect(alertsIn(await third.mailed())).toHaveLength(1);
    expect((await third.deps.eventStore.readAll()).filter((e) => e.type === 'MailSent')).toHaveLength(1);
  });

  it('given an alert the listing-alerts process claimed and mailed before the log owed it, when a node starts, then it is not mailed again', async () => {
    const dir = workspace();
    const { realtor, owner } = await realtorAndOwner(dir);
    const at = new Date().toISOString();
    await listedWhileDown(dir, owner.user.id, (propertyId) => [
      { streamId: listingAlertsStreamId(realtor.user.id), type: 'ListingAlertsMailed', data: { realtorId: realtor.user.id, propertyIds: [propertyId], digestDay: null, upTo: null, at } },
    ]);
    const node = await bootNode(dir);
    expect(alertsIn(await node.mailed())).toEqual([]);
    expect((await node.deps.eventStore.readAll()).filter((e) => e.type === 'MailSent')).toHaveLength(0);
  });

  it('given a daily digest recorded whose mail never went out (a crash between the record and the send), when a node starts, then the realtor is mailed it once, and not again at the next start', async () => {
    const dir = workspace();
    const { realtor, owner } = await realtorAndOwner(dir);
    const store = createSqliteEventStore({ path: join(dir, 'events.db') });
    const listed = (title: string, listedAt: string) => {
      const propertyId = crypto.randomUUID();
      const data = { ...propertyListedData(propertyId, owner.user.id, { biddingEndsAt: closes, title, listedAt }), area: 'Downtown' };
      // As before this change: the listing owes no instant alert, so the digest is the only mail.
      return store.append(propertyStreamId(propertyId), [{ id: crypto.randomUUID(), type: 'PropertyListed', data }], expected.noStream).then(() => propertyId);
    };
    const first = await listed('Corner loft', '2026-11-22T10:00:00.000Z');
    const second = await listed('Harbour view', '2026-11-22T11:00:00.000Z');
    // The digest timer's record, with its metadata, and then the node died.
    const data = { realtorId: realtor.user.id, propertyIds: [first, second], digestDay: '2026-11-23', upTo: '2026-11-22T11:00:00.000Z', at: '2026-11-23T08:00:00.000Z' };
    await store.append(listingAlertsStreamId(realtor.user.id), [{ id: crypto.randomUUID(), type: 'ListingAlertsMailed', data, metadata: { processManager: 'listing-alerts', mails: MAILS_FROM_LOG } }], expected.noStream);
    await store.close();

    const digestsIn = (mails: Array<{ tag?: string; to: string; subject: string; text: string }>) => mails.filter((mail) => mail.tag === 'listing-digest');
    const node = await bootNode(dir);
    const [digest, ...more] = digestsIn(await node.mailed());
    expect(more).toEqual([]);
    expect(digest).toMatchObject({ to: realtor.input.email, subject: '2 new listings in your service areas' });
    expect(digest?.text.indexOf('"Corner loft"')).toBeLessThan(digest?.text.indexOf('"Harbour view"') ?? -1);
    await node.close();
    const again = await bootNode(dir);
    expect(digestsIn(await again.mailed())).toHaveLength(1);
    expect((await again.deps.eventStore.readAll()).filter((e) => e.type === 'MailSent').map((e) => (e.data as { kind: string }).kind)).toEqual(['listing-digest']);
  });

  it('given an alert owed for over a day (no node ran), when a node starts, then it is recorded skipped as no longer news, not sent', async () => {
    const dir = workspace();
    const { owner } = await realtorAndOwner(dir);
    await listedWhileDown(dir, owner.user.id);
    const node = await bootNode(dir, { now: () => Date.now() + ALERT_FRESH_MS + 60_000 });
    expect(alertsIn(await node.mailed())).toEqual([]);
    const sent = (await node.deps.eventStore.readAll()).filter((e) => e.type === 'MailSent').map((e) => e.data as { kind: string; skipped?: string });
    expect(sent).toEqual([expect.objectContaining({ kind: 'listing-alert', skipped: 'no longer news' })]);
  });
});
