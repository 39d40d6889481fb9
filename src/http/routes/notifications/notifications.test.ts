import { describe, expect, it } from 'vitest';
import { userStreamId } from '../../../domain/accounts/commands';
import { NOTHING_TO_CHANGE, ONLY_HOMEOWNERS_BID_EMAILS, ONLY_REALTORS_LISTING_EMAILS, ONLY_REALTORS_OUTCOME_EMAILS } from '../../../domain/accounts/notifications';
import { BID_EMAILS_RULE, LISTING_EMAILS_RULE, NOTIFICATIONS_BODY_RULE, OUTCOME_EMAILS_RULE } from '../../../contract/notifications/notifications';
import { registerHomeowner, registerRealtor } from '../../../testing/bidding';
import type { TestApp } from '../../../testing/test-app';
import { testAppPerTest } from '../../../testing/test-app';
import { sendJson } from '../../../testing/user-session';

const app = testAppPerTest();
const PATH = '/api/user/notifications';

const read = (t: TestApp, cookie?: string) => sendJson(t.app, 'GET', PATH, undefined, cookie);
const change = (t: TestApp, cookie: string | undefined, body: unknown) => sendJson(t.app, 'PUT', PATH, body, cookie);
const refusal = async (res: Response) => [res.status, ((await res.json()) as { message: string }).message];
const changes = async (t: TestApp, userId: string) =>
  (await t.deps.eventStore.readStream(userStreamId(userId))).filter((e) => e.type === 'NotificationPreferencesChanged').map((e) => e.data);

describe('GET and PUT /api/user/notifications', () => {
  it('a homeowner reads instant bid mails by default, chooses the daily digest, and reads it back', async () => {
    const t = await app({ now: () => new Date('2026-11-22T10:00:00.000Z') });
    const owner = await registerHomeowner(t);
    const before = await read(t, owner.cookie);
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual({ role: 'homeowner', bidEmails: 'instant' });

    const saved = await change(t, owner.cookie, { bidEmails: 'daily' });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ role: 'homeowner', bidEmails: 'daily' });
    expect(await (await read(t, owner.cookie)).json()).toEqual({ role: 'homeowner', bidEmails: 'daily' });
    expect(await changes(t, owner.user.id)).toEqual([{ bidEmails: 'daily', outcomeEmails: true, listingEmails: 'instant', at: '2026-11-22T10:00:00.000Z' }]);

    // The same choice again appends nothing.
    expect((await change(t, owner.cookie, { bidEmails: 'daily' })).status).toBe(200);
    expect(await changes(t, owner.user.id)).toHaveLength(1);
    expect(await (await change(t, owner.cookie, { bidEmails: 'none' })).json()).toEqual({ role: 'homeowner', bidEmails: 'none' });
  });

  it('a realtor reads outcome mails on by default and turns them off', async () => {
    const t = await app();
    const realtor = await registerRealtor(t);
    expect(await (await read(t, realtor.cookie)).json()).toEqual({ role: 'realtor', outcomeEmails: true, listingEmails: 'instant' });
    const saved = await change(t, realtor.cookie, { outcomeEmails: false });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ role: 'realtor', outcomeEmails: false, listingEmails: 'instant' });
    expect(await (await read(t, realtor.cookie)).json()).toEqual({ role: 'realtor', outcomeEmails: false, listingEmails: 'instant' });
    // New listings in their areas: the daily digest (docs/decisions/0060).
    expect(await (await change(t, realtor.cookie, { listingEmails: 'daily' })).json()).toEqual({ role: 'realtor', outcomeEmails: false, listingEmails: 'daily' });
    expect(await (await read(t, realtor.cookie)).json()).toEqual({ role: 'realtor', outcomeEmails: false, listingEmails: 'daily' });
  });

  it("refuses the other role's setting, a value outside the choices and a body of nothing with a 400, changing nothing", async () => {
    const t = await app();
    const owner = await registerHomeowner(t);
    const realtor = await registerRealtor(t);
    expect(await refusal(await change(t, realtor.cookie, { bidEmails: 'daily' }))).toEqual([400, ONLY_HOMEOWNERS_BID_EMAILS]);
    expect(await refusal(await change(t, owner.cookie, { outcomeEmails: false }))).toEqual([400, ONLY_REALTORS_OUTCOME_EMAILS]);
    expect(await refusal(await change(t, owner.cookie, { bidEmails: 'weekly' }))).toEqual([400, BID_EMAILS_RULE]);
    expect(await refusal(await change(t, owner.cookie, { bidEmails: 'x'.repeat(100_000) }))).toEqual([400, BID_EMAILS_RULE]);
    expect(await refusal(await change(t, realtor.cookie, { outcomeEmails: 'no' }))).toEqual([400, OUTCOME_EMAILS_RULE]);
    expect(await refusal(await change(t, realtor.cookie, { listingEmails: 'hourly' }))).toEqual([400, LISTING_EMAILS_RULE]);
    expect(await refusal(await change(t, owner.cookie, { listingEmails: 'daily' }))).toEqual([400, ONLY_REALTORS_LISTING_EMAILS]);
    expect(await refusal(await change(t, owner.cookie, {}))).toEqual([400, NOTHING_TO_CHANGE]);
    expect(await refusal(await change(t, owner.cookie, { bidEmails: 'daily', extra: 1 }))).toEqual([400, NOTIFICATIONS_BODY_RULE]);
    expect(await refusal(await change(t, owner.cookie, ['daily']))).toEqual([400, NOTIFICATIONS_BODY_RULE]);
    const malformed = await t.app.request(PATH, { method: 'PUT', headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', cookie: owner.cookie }, body: '{' });
    expect(await refusal(malformed)).toEqual([400, 'Malformed JSON']);
    expect(await changes(t, owner.user.id)).toEqual([]);
    expect(await changes(t, realtor.user.id)).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    const t = await app();
    expect((await read(t)).status).toBe(401);
    expect((await change(t, undefined, { bidEmails: 'daily' })).status).toBe(401);
  });
});
