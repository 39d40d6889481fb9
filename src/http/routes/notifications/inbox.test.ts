import { describe, expect, it } from 'vitest';
import type { NotificationsPage } from '../../../contract/notifications/inbox';
import { MARK_READ_RULE } from '../../../contract/notifications/inbox';
import { inboxStreamId } from '../../../domain/notifications/inbox';
import { send } from '../../../testing/admins';
import { registerRealtor } from '../../../testing/bidding';
import { expectPagingRefusals, getListPage, pageThroughList } from '../../../testing/list-contract';
import { listProperty, rootSession, verifiedHomeowner } from '../../../testing/listings';
import type { TestApp } from '../../../testing/test-app';
import { testAppPerTest } from '../../../testing/test-app';

const app = testAppPerTest();

const inbox = async (t: TestApp, cookie: string) => (await getListPage(t, '/api/notifications', cookie)) as unknown as NotificationsPage;
const markRead = (t: TestApp, cookie: string, body: unknown) => send(t, 'POST', '/api/notifications/read', { cookie, body });
const readMarks = async (t: TestApp, userId: string) => (await t.deps.eventStore.readStream(inboxStreamId(userId))).map((e) => e.data);

/** A realtor serving Downtown (the vetted fixture's area) and a verified homeowner who lists there. */
async function realtorWithNewListing(t: TestApp) {
  const realtor = await registerRealtor(t);
  const owner = await verifiedHomeowner(t, await rootSession(t));
  const listing = await listProperty(t, owner.cookie, { title: 'Corner loft', location: 'Toronto, ON', area: 'Downtown' });
  return { realtor, owner, listing };
}

describe('GET /api/notifications', () => {
  it('given a listing in the realtor\'s area, then their inbox holds it newest first, after their licence approval, with the unread count', async () => {
    const t = await app();
    const { realtor, owner, listing } = await realtorWithNewListing(t);
    const page = await inbox(t, realtor.cookie);
    expect(page.unread).toBe(2);
    expect(page.total).toBe(2);
    expect(page.items.map(({ kind, title, body, href, readAt }) => ({ kind, title, body, href, readAt }))).toEqual([
      { kind: 'listing-in-area', title: 'New listing in Downtown', body: '“Corner loft” in Toronto, ON is open for bids.', href: `/listing/${listing.id}`, readAt: null },
      { kind: 'verification-approved', title: 'Licence verified', body: 'Your licence was approved: you can now bid on listings.', href: '/realtor-profile', readAt: null },
    ]);
    expect(Date.parse(page.items[0]?.createdAt ?? '')).not.toBeNaN();
    // The owner's inbox says their ownership was verified, and nothing of the realtor's.
    expect((await inbox(t, owner.cookie)).items.map((item) => item.kind)).toEqual(['verification-approved']);
  });

  it('follows the list contract: pages by cursor, and refuses a bad limit or cursor with a 400', async () => {
    const t = await app();
    const { realtor } = await realtorWithNewListing(t);
    const all = await pageThroughList<{ id: string }>(t, '/api/notifications', realtor.cookie, 1);
    expect(all).toMatchObject({ total: 2, pages: 2 });
    await expectPagingRefusals(t, '/api/notifications', realtor.cookie);
  });
});

describe('POST /api/notifications/read', () => {
  it('when the realtor reads one entry, then all, then the count follows and each read is one event; reading again appends nothing', async () => {
    const t = await app({ now: () => new Date('2026-11-22T10:00:00.000Z') });
    const { realtor } = await realtorWithNewListing(t);
    const [newest, older] = (await inbox(t, realtor.cookie)).items;

    const one = await markRead(t, realtor.cookie, { ids: [newest?.id] });
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual({ unread: 1 });
    const after = await inbox(t, realtor.cookie);
    expect(after.items.map((item) => item.readAt)).toEqual(['2026-11-22T10:00:00.000Z', null]);
    expect(await (await markRead(t, realtor.cookie, { ids: [newest?.id] })).json()).toEqual({ unread: 1 });
    expect(await readMarks(t, realtor.user.id)).toEqual([{ userId: realtor.user.id, ids: [newest?.id], at: '2026-11-22T10:00:00.000Z' }]);

    expect(await (await markRead(t, realtor.cookie, { all: true })).json()).toEqual({ unread: 0 });
    expect(await (await markRead(t, realtor.cookie, { all: true })).json()).toEqual({ unread: 0 });
    expect(await readMarks(t, realtor.user.id)).toHaveLength(2);
    expect((await inbox(t, realtor.cookie)).items.every((item) => item.readAt !== null)).toBe(true);
    expect(older).toBeDefined();
  });

  it("passes over another person's entries: the owner's stay unread and nothing is appended", async () => {
    const t = await app();
    const { realtor, owner } = await realtorWithNewListing(t);
    const [ownersEntry] = (await inbox(t, owner.cookie)).items;
    expect(await (await markRead(t, realtor.cookie, { ids: [ownersEntry?.id] })).json()).toEqual({ unread: 2 });
    expect((await inbox(t, owner.cookie)).unread).toBe(1);
    expect(await readMarks(t, realtor.user.id)).toEqual([]);
  });

  it('refuses anything but { ids } or { all: true } with a 400 that says so', async () => {
    const t = await app();
    const realtor = await registerRealtor(t);
    for (const body of [{}, { ids: [] }, { ids: 'x' }, { ids: [''] }, { all: false }, { all: true, ids: ['x'] }, { ids: Array.from({ length: 101 }, (_, i) => `n${i}`) }]) {
      const res = await markRead(t, realtor.cookie, body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(await res.json()).toMatchObject({ message: MARK_READ_RULE });
    }
    expect(await readMarks(t, realtor.user.id)).toEqual([]);
  });
});
