import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prospectStreamId } from '../../domain/prospects/decide';
import { expected } from '../../event-store/port';
import { createSqliteEventStore } from '../../event-store/sqlite';
import type { Mail, Mailer } from '../../mail/port';
import { MAILS_FROM_LOG } from '../../projections/notifications/mails-owed';
import { listProperty, placeBid, registerHomeowner, registerRealtor, testClock } from '../../testing/bidding';
import { outboxMails, processManagerNodes, until } from '../../testing/process-manager-nodes';
import { send } from '../../testing/admins';
import { rootSession, uploadBill } from '../../testing/listings';
import { testAppPerTest } from '../../testing/test-app';
import { registerUser, sendJson } from '../../testing/user-session';

/*
 * Mail from the log (docs/decisions/0063): every mail that follows an event
 * is owed by the event and sent by the mail process, once per node set,
 * recorded as sent, and never by the request.
 */

const app = testAppPerTest();
const { workspace, bootNode } = processManagerNodes();
const closes = '2026-12-06T10:00:00.000Z';
const SUPPORT = 'support@example.com';

const prospect = { email: 'jane@example.com', inquiryType: 'homeowner', message: 'I would like to list my house soon.', page: 'contact' };
const submitProspect = (node: { app: Parameters<typeof sendJson>[0] }, message = prospect.message) => sendJson(node.app, 'POST', '/api/prospects', { ...prospect, message });

describe('mails that follow an event', () => {
  it('given a selection, when the mail process has run, then each party is mailed once and each mail is recorded sent once, also after a replay', async () => {
    const clock = testClock();
    const t = await app({ now: clock.now });
    const owner = await registerHomeowner(t, { name: 'Olive Owner' });
    const chosen = await registerRealtor(t, 1, { name: 'Rita Realtor' });
    const other = await registerRealtor(t, 1, { name: 'Ray Rival' });
    const propertyId = await listProperty(t, owner.user.id, { biddingEndsAt: closes, title: 'Sunny loft' });
    const bidId = ((await (await placeBid(t, chosen.cookie, propertyId, { amount: 150 })).json()) as { id: string }).id;
    await placeBid(t, other.cookie, propertyId, { amount: 200 });
    clock.set(closes);
    expect((await sendJson(t.app, 'POST', `/api/properties/${propertyId}/select-bid`, { bidId }, owner.cookie)).status).toBe(200);

    const outcomes = (mails: Mail[]) => mails.filter((mail) => ['bid-selected', 'bid-selection', 'bid-not-selected'].includes(mail.tag ?? '')).map((mail) => [mail.tag, mail.to]);
    const expectedMails = [
      ['bid-selection', owner.input.email],
      ['bid-selected', chosen.input.email],
      ['bid-not-selected', other.input.email],
    ];
    expect(outcomes(await t.mailed()).sort()).toEqual(expectedMails.sort());
    const sent = async () => (await t.deps.eventStore.readAll()).filter((event) => event.type === 'MailSent');
    await t.runner.waitFor(await t.deps.eventStore.headPosition());
    expect((await sent()).map((event) => (event.data as { kind: string }).kind).sort()).toEqual(['bid-not-selected', 'bid-selected', 'selection-confirmed']);

    // The next start replays the log: the mails are paid, nothing goes out again.
    await t.runner.rebuild();
    await t.mailSender.idle();
    expect(outcomes(await t.mailed())).toHaveLength(3);
    expect(await sent()).toHaveLength(3);
  });

  it('given a contact form whose event is in the log but whose mail never went out (a crash), when a node starts, then support is mailed once', async () => {
    const dir = workspace();
    // The request's append landed and the node died before any mail: the log alone says a mail is owed.
    const store = createSqliteEventStore({ path: join(dir, 'events.db') });
    const data = { prospectId: crypto.randomUUID(), ...prospect, ipAddress: null, userAgent: null, at: '2026-11-22T10:00:00.000Z' };
    await store.append(prospectStreamId(prospect.email), [{ id: crypto.randomUUID(), type: 'ProspectSubmitted', data, metadata: { mails: MAILS_FROM_LOG } }], expected.noStream);
    await store.close();

    const node = await bootNode(dir, { supportEmail: SUPPORT });
    await node.processManagers.idle();
    expect(outboxMails(dir).map((mail) => [mail.to, mail.tag])).toEqual([[SUPPORT, 'prospect']]);
    await node.close();
    // And the next start, which finds it recorded, sends nothing more.
    const again = await bootNode(dir, { supportEmail: SUPPORT });
    await again.processManagers.idle();
    expect(outboxMails(dir)).toHaveLength(1);
  });

  it('given two nodes following one log, when an event owes a mail, then one of them sends it, once', async () => {
    const dir = workspace();
    const a = await bootNode(dir, { supportEmail: SUPPORT });
    const b = await bootNode(dir, { supportEmail: SUPPORT });
    for (let i = 0; i < 5; i++) {
      const res = await submitProspect(i % 2 === 0 ? a : b, `Question ${i}`);
      expect(res.status).toBe(201);
    }
    const head = await a.deps.eventStore.headPosition();
    await Promise.all([a.runner.waitFor(head), b.runner.waitFor(head)]);
    await Promise.all([a.processManagers.idle(), b.processManagers.idle()]);
    expect(outboxMails(dir)).toHaveLength(5);
    const sent = (await a.deps.eventStore.readAll()).filter((event) => event.type === 'MailSent');
    expect(sent).toHaveLength(5);
  });

  it('given a mail provider that never answers, when an administrator rejects a bill, then the request answers all the same and the mail goes out later', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const sends: Mail[] = [];
    // Only the rejection hangs: a registration's own verification mail is the request's answer and still awaited.
    const stuck: Mailer = {
      send: async (mail) => {
        sends.push(mail);
        if (mail.subject === 'Bill too old') await held;
      },
    };
    const t = await app({ mailer: stuck });
    const admin = await rootSession(t);
    const homeowner = await registerUser(t.app, { role: 'homeowner', name: 'Rita Reject' });
    const documentUrl = await uploadBill(t, homeowner.cookie);
    expect((await send(t, 'POST', '/api/verification/submit', { cookie: homeowner.cookie, body: { documentUrl } })).status).toBe(200);
    const queue = (await (await send(t, 'GET', '/api/admin/verifications?limit=100', { cookie: admin })).json()) as { items: Array<{ id: string; userId: string }> };
    const row = queue.items.find((item) => item.userId === homeowner.user.id);
    const res = await send(t, 'POST', `/api/admin/verifications/${row?.id}/reject`, { cookie: admin, body: { subject: 'Bill too old', message: 'Please upload a newer bill.' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'rejected', emailSent: true });
    // The mail is in hand, not lost: it is recorded once the provider answers.
    await until(() => sends.some((mail) => mail.subject === 'Bill too old'));
    release();
    await t.mailed();
    expect((await t.deps.eventStore.readAll()).filter((event) => event.type === 'MailSent').map((event) => (event.data as { kind: string }).kind)).toContain('verification-rejected');
  });
});
