import { describe, expect, it, vi } from 'vitest';
import type { ActivityEntry } from '../../../contract/admin/activity';
import { CLIENT, ROOT, seedSuperAdmin, send, signInAdmin } from '../../../testing/admins';
import { listProperty, placeBid, registerRealtor, setCredits, testClock } from '../../../testing/bidding';
import { expectPagingRefusals, getListPage, pageThroughList } from '../../../testing/list-contract';
import { uploadBill } from '../../../testing/listings';
import { purchase, registerRealtorWithCard } from '../../../testing/payments';
import type { TestApp } from '../../../testing/test-app';
import { testAppPerTest } from '../../../testing/test-app';
import { registerUser, sendJson } from '../../../testing/user-session';

const newApp = testAppPerTest();

async function signedIn(options: Parameters<typeof newApp>[0] = {}) {
  const t = await newApp(options);
  const rootId = await seedSuperAdmin(t);
  return { t, rootId, root: await signInAdmin(t, 'root', ROOT.password) };
}

const entries = async (t: TestApp, cookie: string, query: Record<string, string> = {}) =>
  (await getListPage<ActivityEntry>(t, '/api/admin/activity', cookie, { limit: '100', ...query })).items;
const actions = async (t: TestApp, cookie: string, query: Record<string, string> = {}) => (await entries(t, cookie, query)).map((e) => e.action);
const changesOf = (entry: ActivityEntry | undefined) => entry?.changes.map(({ field, before, after }) => `${field}: ${String(before)} → ${String(after)}`);

describe('GET /api/admin/activity: every security-relevant act is logged', () => {
  it('logs failed sign-ins of users and administrators with the name tried, why, and from where, answering the same 401', async () => {
    const { t, rootId, root } = await signedIn();
    const { userId } = await registerJane(t);
    expect((await send(t, 'POST', '/api/login', { body: { username: 'jane', password: 'Wrong1234' } })).status).toBe(401);
    expect((await send(t, 'POST', '/api/login', { body: { username: 'nobody@example.com', password: 'Wrong1234' } })).status).toBe(401);
    expect((await send(t, 'POST', '/api/admin/login', { body: { username: 'ROOT', password: 'wrong-password' } })).status).toBe(401);
    const failed = await entries(t, root, { search: 'login_failed' });
    expect(failed.map((e) => [e.action, e.resourceId, e.targetName, e.targetEmail, e.details, e.ipAddress, e.userAgent])).toEqual([
      ['admin.login_failed', rootId, 'Administrator', ROOT.email, { identifier: 'root', reason: 'wrong_password' }, CLIENT.ip, CLIENT.userAgent],
      ['user.login_failed', null, 'nobody@example.com', 'nobody@example.com', { identifier: 'nobody@example.com', reason: 'unknown_account' }, CLIENT.ip, CLIENT.userAgent],
      ['user.login_failed', userId, 'Jane Doe', 'jane@example.com', { identifier: 'jane', reason: 'wrong_password' }, CLIENT.ip, CLIENT.userAgent],
    ]);
    const all = JSON.stringify(await t.deps.readStore.collection('admin_logs').find({}));
    expect(all).not.toMatch(/Wrong1234|wrong-password/);
  });

  it('logs sign-outs of users and administrators', async () => {
    const { t, rootId, root } = await signedIn();
    const { userId, cookie } = await registerJane(t);
    await send(t, 'POST', '/api/logout', { cookie });
    const other = await signInAdmin(t, 'root', ROOT.password);
    await send(t, 'POST', '/api/admin/logout', { cookie: other });
    const logouts = await entries(t, root, { search: 'logout' });
    expect(logouts.map((e) => [e.action, e.actorType, e.actorId, e.actorName, e.targetName])).toEqual([
      ['admin.logout', 'admin', rootId, 'Administrator', 'Administrator'],
      ['user.logout', 'user', userId, 'Jane Doe', 'Jane Doe'],
    ]);
  });

  it('logs verification mails sent and password-reset requests, never a token', async () => {
    const { t, root } = await signedIn();
    const { userId, cookie } = await registerJane(t);
    await send(t, 'POST', '/api/resend-verification', { cookie });
    await send(t, 'POST', '/api/forgot-password', { body: { email: 'jane@example.com' } });
    // The reset link is mailed after the answer, so as not to tell known emails from unknown ones.
    await vi.waitFor(async () => expect(await actions(t, root, { action: 'user.password_reset_request' })).toHaveLength(1));
    const mails = await entries(t, root, { action: 'user.verification_mail_sent' });
    expect(mails.map((e) => [e.actorId, e.targetEmail])).toEqual([
      [userId, 'jane@example.com'],
      [userId, 'jane@example.com'],
    ]);
    expect(JSON.stringify(await t.deps.readStore.collection('admin_logs').find({}))).not.toMatch(/token/i);
  });

  it("logs an administrator opening a homeowner's bill, naming the homeowner", async () => {
    const { t, rootId, root } = await signedIn();
    const homeowner = await registerUser(t.app, { role: 'homeowner', name: 'Hannah Homeowner', email: 'hannah@example.com' });
    const documentUrl = await uploadBill(t, homeowner.cookie);
    expect((await send(t, 'POST', '/api/verification/submit', { cookie: homeowner.cookie, body: { documentUrl } })).status).toBe(200);
    expect((await send(t, 'GET', `/api/admin/verification-document/${encodeURIComponent(documentUrl)}`, { cookie: root })).status).toBe(200);
    const [opened] = await entries(t, root, { action: 'verification.document_view' });
    expect(opened).toMatchObject({ actorId: rootId, actorName: 'Administrator', resourceType: 'verification', targetName: 'Hannah Homeowner', targetEmail: 'hannah@example.com', ipAddress: CLIENT.ip });
    // A bill nobody submitted is a 404 and opens nothing.
    const unsubmitted = await uploadBill(t, homeowner.cookie);
    expect((await send(t, 'GET', `/api/admin/verification-document/${encodeURIComponent(unsubmitted)}`, { cookie: root })).status).toBe(404);
    expect(await actions(t, root, { action: 'verification.document_view' })).toHaveLength(1);
  });

  it('logs a prospects export with its filters and the number of rows', async () => {
    const { t, root } = await signedIn();
    expect((await send(t, 'POST', '/api/prospects', { body: { email: 'lead@example.com', inquiryType: 'general', page: 'contact' } })).status).toBe(201);
    expect((await send(t, 'GET', '/api/admin/prospects.csv?inquiryType=general&search=lead', { cookie: root })).status).toBe(200);
    const [exported] = await entries(t, root, { action: 'prospect.export' });
    expect(exported).toMatchObject({ actorName: 'Administrator', resourceType: 'export', targetName: 'Prospects CSV', details: { filters: { search: 'lead', inquiryType: 'general' }, rows: 1 } });
  });

  it('logs a payment created but never settled, and the credit each bid spends on which listing', async () => {
    const { t, root } = await signedIn();
    const buyer = await registerRealtorWithCard(t.app, 'pm_card_authenticationRequired', { name: 'Rita Realtor' });
    expect(await (await purchase(t.app, buyer.cookie, 5)).json()).toMatchObject({ requiresAction: true });
    const created = await entries(t, root, { targetType: 'payment' });
    expect(created.map((e) => [e.action, e.targetName, changesOf(e)])).toEqual([['payment.create', 'Rita Realtor', ['status: null → pending']]]);
    expect(created[0]?.details).toMatchObject({ credits: 5 });

    const bidder = await registerRealtor(t, 0, { name: 'Bob Bidder' });
    await setCredits(t, bidder.user.id, 30);
    const propertyId = await listProperty(t, 'owner-1', { biddingEndsAt: new Date(Date.now() + 86_400_000).toISOString(), title: 'Sunny House', minBidAmount: 100 });
    expect((await placeBid(t, bidder.cookie, propertyId)).status).toBe(201);
    const [bid] = await entries(t, root, { action: 'bid.place' });
    expect(bid).toMatchObject({ actorName: 'Bob Bidder', resourceType: 'bid', targetName: 'Sunny House', details: { propertyId, amount: 150 } });
    expect(changesOf(bid)).toEqual(['credits: 30 → 29']);
  });

  it("shows an administrator's credit edit as credits before → after on the realtor by name", async () => {
    const { t, root } = await signedIn();
    const { userId } = await registerJane(t);
    await setCredits(t, userId, 30);
    expect((await send(t, 'PUT', `/api/admin/users/${userId}`, { cookie: root, body: { credits: 26, expectedCredits: 30 } })).status).toBe(200);
    const [edit] = await entries(t, root, { action: 'user.credits_set', actorType: 'admin' });
    expect(edit).toMatchObject({ actorName: 'Administrator', targetName: 'Jane Doe', targetEmail: 'jane@example.com' });
    expect(changesOf(edit)).toEqual(['credits: 30 → 26']);
  });
  it("logs an administrator's password change for a user, never with a password or hash", async () => {
    const { t, rootId, root } = await signedIn();
    const { userId } = await registerJane(t);
    expect((await send(t, 'PUT', `/api/admin/users/${userId}`, { cookie: root, body: { password: 'secret-pw-1' } })).status).toBe(200);
    const [set] = await entries(t, root, { action: 'user.password_set_by_admin' });
    expect(set).toMatchObject({ actorType: 'admin', actorId: rootId, adminId: rootId, targetName: 'Jane Doe', changes: [], ipAddress: CLIENT.ip, userAgent: CLIENT.userAgent });
    const all = JSON.stringify(await t.deps.readStore.collection('admin_logs').find({}));
    expect(all).not.toMatch(/scrypt|secret-pw|Secret123|passwordHash|token/i);
  });
});

describe('GET /api/admin/activity: the list contract, search and filters', () => {
  it('pages through every entry exactly once, newest first, with the total on every page', async () => {
    const { t, root } = await signedIn();
    for (let i = 0; i < 6; i++) await signInAdmin(t, 'root', ROOT.password);
    // The bootstrap's creation and 7 sign-ins.
    const { items, total, pages } = await pageThroughList<ActivityEntry>(t, '/api/admin/activity', root, 3);
    expect([items.length, total, pages]).toEqual([8, 8, 3]);
    const times = items.map((e) => e.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(items.at(-1)).toMatchObject({ action: 'admin.create', actorType: 'system', actorName: 'System' });
    await expectPagingRefusals(t, '/api/admin/activity', root);
  });

  it("finds entries by their target's name or email, case-insensitively", async () => {
    const { t, root } = await signedIn();
    const { userId } = await registerJane(t);
    await registerUser(t.app, { username: 'ben', name: 'Ben Other', email: 'ben@example.com' });
    await setCredits(t, userId, 3);
    const janeEntries = await entries(t, root, { search: 'jane doe' });
    expect(janeEntries.length).toBeGreaterThanOrEqual(3);
    expect(janeEntries.every((e) => e.targetName === 'Jane Doe')).toBe(true);
    expect((await entries(t, root, { search: 'JANE@EXAMPLE' })).map((e) => e.targetEmail)).toEqual(janeEntries.map(() => 'jane@example.com'));
    expect((await actions(t, root, { search: 'ben@example.com' })).sort()).toEqual(['user.register', 'user.verification_mail_sent']);
    expect(await actions(t, root, { search: 'nobody at all' })).toEqual([]);
  });

  it('filters by actor type, actor, action, target type and days', async () => {
    const clock = testClock('2026-11-20T10:00:00.000Z');
    const { t, rootId, root } = await signedIn({ now: clock.now });
    clock.set('2026-11-21T10:00:00.000Z');
    const { userId } = await registerJane(t);
    clock.set('2026-11-22T10:00:00.000Z');
    await send(t, 'PUT', `/api/admin/users/${userId}`, { cookie: root, body: { credits: 2 } });

    expect(await actions(t, root, { actorType: 'system' })).toEqual(['admin.create']);
    // Entries of one instant come in no set order (ties go by id).
    expect((await actions(t, root, { actorId: userId })).sort()).toEqual(['user.register', 'user.verification_mail_sent']);
    expect((await entries(t, root, { actorId: rootId })).map((e) => e.action)).toEqual(['user.credits_set', 'admin.login']);
    expect(await actions(t, root, { action: 'user.register' })).toEqual(['user.register']);
    expect((await actions(t, root, { targetType: 'admin' })).sort()).toEqual(['admin.create', 'admin.login']);
    expect((await actions(t, root, { from: '2026-11-21', to: '2026-11-21' })).sort()).toEqual(['user.register', 'user.verification_mail_sent']);
    expect(await actions(t, root, { from: '2026-11-22' })).toEqual(['user.credits_set']);
    expect((await actions(t, root, { to: '2026-11-20' })).sort()).toEqual(['admin.create', 'admin.login']);
    // Filters combine: every one must hold.
    expect(await actions(t, root, { actorType: 'user', targetType: 'user', from: '2026-11-22' })).toEqual([]);
    const page = await getListPage<ActivityEntry>(t, '/api/admin/activity', root, { targetType: 'user', limit: '1' });
    expect([page.items.length, page.total, typeof page.nextCursor]).toEqual([1, 3, 'string']);
  });

  it.each([
    ['action=user.nope', 'Unknown action'],
    ['targetType=planet', 'Unknown target type'],
    ['actorType=robot', 'Actor type must be admin, user or system'],
    ['from=yesterday', 'From must be a date (YYYY-MM-DD)'],
    ['to=2026-02-30', 'To must be a date (YYYY-MM-DD)'],
    [`search=${'x'.repeat(201)}`, 'Search must be less than 200 characters'],
  ])('refuses %s with 400 and says why', async (query, message) => {
    const { t, root } = await signedIn();
    for (const path of ['/api/admin/activity', '/api/admin/activity.csv']) {
      const res = await send(t, 'GET', `${path}?${query}`, { cookie: root });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(message);
    }
  });

  it('needs an admin session', async () => {
    const { t } = await signedIn();
    const { cookie } = await registerJane(t);
    expect((await send(t, 'GET', '/api/admin/activity')).status).toBe(401);
    expect((await send(t, 'GET', '/api/admin/activity.csv', { cookie })).status).toBe(401);
  });
});

describe('GET /api/admin/activity.csv', () => {
  it('exports the filtered entries with their change, and logs the export', async () => {
    const { t, rootId, root } = await signedIn();
    const { userId } = await registerJane(t, 'Jane Formula');
    await setCredits(t, userId, 30);
    await send(t, 'PUT', `/api/admin/users/${userId}`, { cookie: root, body: { credits: 26 } });
    const res = await send(t, 'GET', '/api/admin/activity.csv?targetType=user&search=jane', { cookie: root });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('createdAt,actorType,actorName,actorId,action,resourceType,targetName,targetEmail,resourceId,changes,details,ipAddress,userAgent,id');
    // Newest first: the administrator's edit, the fixture's edit, then the mail and the registration (one instant, either order).
    expect(lines.slice(1).map((line) => line.split(',')[4])).toEqual(['user.credits_set', 'user.credits_set', expect.any(String), expect.any(String)]);
    expect(lines[1]).toContain(`,admin,Administrator,${rootId},user.credits_set,user,Jane Formula,jane@example.com,${userId},credits: 30 → 26,`);
    expect(lines[1]).toContain(`,${CLIENT.ip},${CLIENT.userAgent},`);

    const [exported] = await entries(t, root, { action: 'activity.export' });
    expect(exported).toMatchObject({ actorId: rootId, targetName: 'Activity log CSV', details: { filters: { targetType: 'user', search: 'jane' }, rows: 4 }, ipAddress: CLIENT.ip });
  });
});

async function registerJane(t: TestApp, name = 'Jane Doe') {
  const res = await sendJson(t.app, 'POST', '/api/register', { username: 'jane', password: 'Secret123', email: 'jane@example.com', name, role: 'realtor' }, undefined, {
    headers: { 'user-agent': CLIENT.userAgent },
  });
  if (res.status !== 201) throw new Error(`Registration failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((line) => line.startsWith('session='))?.split(';')[0] ?? '';
  return { userId: ((await res.json()) as { id: string }).id, cookie };
}
