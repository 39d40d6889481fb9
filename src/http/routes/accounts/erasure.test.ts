import { describe, expect, it } from 'vitest';
import type { PositionedPush } from '../../../projections/projection';
import { createProjections } from '../../../projections/registry';
import { createProjectionRunner } from '../../../projections/runner';
import { createMemoryReadStore } from '../../../read-store/memory';
import { send, signInAdmin } from '../../../testing/admins';
import { placeBid, registerRealtor, testClock } from '../../../testing/bidding';
import { listProperty, rootSession, uploadImage, verifiedHomeowner } from '../../../testing/listings';
import { purchase, saveCard } from '../../../testing/payments';
import type { TestApp } from '../../../testing/test-app';
import { testAppPerTest } from '../../../testing/test-app';
import { sendJson } from '../../../testing/user-session';

/*
 * Erasure end to end (docs/decisions/0042): after DELETE /api/user, the
 * person's email, phone and name are in no GET answer of any route, read by
 * an administrator or by the other party, in no read model, and in none
 * rebuilt from the log by a new runner over the same log and keys.
 */

const app = testAppPerTest();
const DAY = 24 * 60 * 60 * 1000;

type Person = { who: string; cookie: string; id: string; username: string; email: string; phone: string; name: string; password: string };

/** Every GET route of the app (the back office's too), with each path parameter filled by every id the world knows. */
function everyGetPath(t: TestApp, ids: string[]): string[] {
  const patterns = [...new Set(t.app.routes.filter((r) => r.method === 'GET' && r.path.startsWith('/api/')).map((r) => r.path))];
  return patterns.flatMap((pattern) => {
    let paths = [pattern];
    for (const match of pattern.matchAll(/:(\w+)(\{[^}]*\})?/g)) paths = paths.flatMap((path) => ids.map((id) => path.replace(match[0], encodeURIComponent(id))));
    return paths;
  });
}

async function everyAnswer(t: TestApp, cookie: string, ids: string[]): Promise<string> {
  const texts: string[] = [];
  for (const path of everyGetPath(t, ids)) texts.push(`${path}\n${await (await sendJson(t.app, 'GET', path, undefined, cookie)).text()}`);
  return texts.join('\n');
}

async function everyReadModel(store: TestApp['deps']['readStore']): Promise<string> {
  const names = [...new Set(createProjections().flatMap((projection) => projection.collections))];
  const texts: string[] = [];
  for (const name of names) texts.push(`${name}\n${JSON.stringify(await store.collection(name).find({}))}`);
  return texts.join('\n');
}

function traces(text: string, person: Person): string[] {
  const found: string[] = [];
  for (const [what, value] of [['email', person.email], ['phone', person.phone], ['name', person.name]] as const) {
    const at = text.indexOf(value);
    if (at !== -1) found.push(`${person.who}'s ${what} in …${text.slice(Math.max(0, at - 200), at + 60)}…`);
  }
  return found;
}

async function seedWorld(t: TestApp, clock: ReturnType<typeof testClock>) {
  const adminCookie = await rootSession(t);
  const ownerInput = { name: 'Olivia Quenneville', phone: '+14165550177', password: 'Secret123' };
  const homeowner = await verifiedHomeowner(t, adminCookie, ownerInput);
  const image = await uploadImage(t, homeowner.cookie);
  const property = await listProperty(t, homeowner.cookie, { images: [image], address: '77 Quenneville Crescent' });
  const realtorSession = await registerRealtor(t, 0, { name: 'Ramona Xylander', phone: '+14165550188', password: 'Secret123' });
  await saveCard(t.app, realtorSession.cookie, 'pm_card_visa');
  expect((await purchase(t.app, realtorSession.cookie, 3)).status).toBe(200);
  const bid = (await (await placeBid(t, realtorSession.cookie, property.id, { amount: 150, message: 'Ramona here, call me' })).json()) as { id: string };
  clock.advance(15 * DAY);
  expect((await sendJson(t.app, 'POST', `/api/properties/${property.id}/select-bid`, { bidId: bid.id }, homeowner.cookie)).status).toBe(200);
  // Sign-ins recorded in the activity log, with the address they came from.
  for (const session of [homeowner, realtorSession]) {
    expect((await sendJson(t.app, 'POST', '/api/login', { username: session.input.username, password: 'Secret123' }, undefined, { headers: { 'x-forwarded-for': '198.51.100.23' } })).status).toBe(200);
  }
  const owner: Person = { who: 'owner', cookie: homeowner.cookie, id: homeowner.user.id, username: String(homeowner.input.username), email: homeowner.input.email, phone: '4165550177', name: 'Quenneville', password: 'Secret123' };
  const realtor: Person = { who: 'realtor', cookie: realtorSession.cookie, id: realtorSession.user.id, username: String(realtorSession.input.username), email: realtorSession.input.email, phone: '4165550188', name: 'Xylander', password: 'Secret123' };
  return { adminCookie, owner, realtor, ids: [owner.id, realtor.id, property.id, bid.id, 'x'] };
}

async function expectForgotten(t: TestApp, erased: Person, others: { cookie: string; who: string }[], ids: string[]) {
  for (const viewer of others) expect(traces(await everyAnswer(t, viewer.cookie, ids), erased), `as ${viewer.who}`).toEqual([]);
  expect(traces(await everyReadModel(t.deps.readStore), erased), 'read models').toEqual([]);
  // A new runner over the same log and keys: the rebuilt read models hold nothing of them either.
  const rebuilt = createMemoryReadStore();
  const runner = createProjectionRunner({ eventStore: t.deps.eventStore, readStore: rebuilt, projections: createProjections() });
  await runner.start();
  expect(traces(await everyReadModel(rebuilt), erased), 'rebuilt read models').toEqual([]);
  await runner.stop();
}

describe('DELETE /api/user', () => {
  it('erases a realtor: no answer, read model or rebuilt read model holds their email, phone or name, while their payment stays', async () => {
    const clock = testClock();
    const pushes: PositionedPush[] = [];
    const t = await app({ now: clock.now, trustProxy: 1, onPush: (push) => pushes.push(push) });
    const { adminCookie, owner, realtor, ids } = await seedWorld(t, clock);
    // Before: the others do see them, so the walk below can find them.
    expect(traces(await everyAnswer(t, adminCookie, ids), realtor).length).toBeGreaterThan(0);

    const res = await sendJson(t.app, 'DELETE', '/api/user', { password: realtor.password }, realtor.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join(';')).toMatch(/session=;/);
    expect((await sendJson(t.app, 'GET', '/api/user', undefined, realtor.cookie)).status).toBe(401);
    expect((await sendJson(t.app, 'POST', '/api/login', { username: realtor.username, password: realtor.password })).status).toBe(401);

    // No push from the erasure on holds them either (what went out before it went to whoever was entitled then).
    const erasedAt = (await t.rawEventStore.readStream(`user-${realtor.id}`)).find((event) => event.type === 'AccountErased')?.position ?? 0;
    expect(erasedAt).toBeGreaterThan(0);
    expect(pushes.some((push) => push.position >= erasedAt)).toBe(true);
    expect(traces(JSON.stringify(pushes.filter((push) => push.position >= erasedAt)), realtor)).toEqual([]);
    const freshAdmin = await signInAdmin(t, 'root', 'root-password');
    await expectForgotten(t, realtor, [{ cookie: freshAdmin, who: 'admin' }, { cookie: owner.cookie, who: 'owner' }], ids);
    const payments = (await (await send(t, 'GET', '/api/admin/payments', { cookie: freshAdmin })).json()) as { items: { amount: number; credits: number; userId: string }[] };
    expect(payments.items).toEqual([expect.objectContaining({ userId: realtor.id, credits: 3 })]);
    // The raw log's events hold none of it: the values are encrypted and their key is gone. The email reservation's
    // stream name still spells the address (decision 0042 leaves that open), so only data and metadata are read here.
    const stored = (await t.rawEventStore.readAll({ limit: 10_000 })).map(({ data, metadata }) => ({ data, metadata }));
    expect(traces(JSON.stringify(stored), realtor)).toEqual([]);
    expect(JSON.stringify(stored)).toContain('$pii');
  });

  it('erases a homeowner: their listing is withdrawn with the bid refunded, their files deleted, and nothing of them answered anywhere', async () => {
    const clock = testClock();
    const pushes: PositionedPush[] = [];
    const t = await app({ now: clock.now, trustProxy: 1, onPush: (push) => pushes.push(push) });
    const { adminCookie, owner, realtor, ids } = await seedWorld(t, clock);
    const files = (await import('node:fs')).readdirSync(t.uploadsDir, { recursive: true }).filter((f) => String(f).includes('.'));
    expect(files.length).toBeGreaterThan(0);
    expect(t.outbox().some((mail) => mail.to === owner.email)).toBe(true);

    expect((await sendJson(t.app, 'DELETE', '/api/user', { password: owner.password }, owner.cookie)).status).toBe(200);
    await t.processManagers.idle();
    expect((await sendJson(t.app, 'GET', '/api/user/properties', undefined, owner.cookie)).status).toBe(401);
    // Whatever is pushed from the erasure on (the refunds that follow the withdrawal may be) holds nothing of the owner.
    const erasedAt = (await t.rawEventStore.readStream(`user-${owner.id}`)).find((event) => event.type === 'AccountErased')?.position ?? 0;
    expect(erasedAt).toBeGreaterThan(0);
    expect(traces(JSON.stringify(pushes.filter((push) => push.position >= erasedAt)), owner)).toEqual([]);
    // The bid on the withdrawn listing came back, as for an owner's delete: 3 bought, 1 spent, 1 refunded.
    expect(((await (await sendJson(t.app, 'GET', '/api/user', undefined, realtor.cookie)).json()) as { credits: number }).credits).toBe(3);
    const left = (await import('node:fs')).readdirSync(t.uploadsDir, { recursive: true }).filter((f) => String(f).includes('.'));
    expect(left).toEqual([]);
    expect(t.outbox().some((mail) => mail.to === owner.email)).toBe(false);
    await expectForgotten(t, owner, [{ cookie: adminCookie, who: 'admin' }, { cookie: realtor.cookie, who: 'realtor' }], ids);
  });

  it('refuses a missing or wrong password with 400 and changes nothing; an administrator or a guest is 401', async () => {
    const t = await app();
    const adminCookie = await rootSession(t);
    const user = await registerRealtor(t, 0, { password: 'Secret123' });
    const missing = await sendJson(t.app, 'DELETE', '/api/user', {}, user.cookie);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ message: 'Password is required' });
    const wrong = await sendJson(t.app, 'DELETE', '/api/user', { password: 'Wrong123' }, user.cookie);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ message: 'Invalid username or password' });
    expect((await sendJson(t.app, 'GET', '/api/user', undefined, user.cookie)).status).toBe(200);
    expect((await sendJson(t.app, 'DELETE', '/api/user', { password: 'Secret123' }, adminCookie)).status).toBe(401);
    expect((await sendJson(t.app, 'DELETE', '/api/user', { password: 'Secret123' })).status).toBe(401);
  });
});
