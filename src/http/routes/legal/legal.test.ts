import { describe, expect, it } from 'vitest';
import { activateDocument, adminSessions, call, createDocument } from '../../../testing/contact-legal';
import type { TestApp } from '../../../testing/test-app';
import { testAppPerTest } from '../../../testing/test-app';
import { registration, sessionCookie } from '../../../testing/user-session';

const testApp = testAppPerTest();
const ACCEPT = 'Please accept the Terms of Service and Privacy Policy';
type PublicDoc = { id: number; type: string; title: string; content: string; version: string; effectiveDate: string };

/** An app whose homeowner terms (v1) and privacy policy are active; realtor terms exist but are inactive. */
async function withActiveDocuments(now = () => new Date('2026-11-22T10:00:00.000Z')) {
  const t = await testApp({ now });
  const sessions = await adminSessions(t);
  const homeowner = await createDocument(t, sessions.admin, { title: 'Homeowner Terms', version: '1.0' });
  const privacy = await createDocument(t, sessions.admin, { type: 'privacy_policy', title: 'Privacy Policy', version: '3.0' });
  const realtor = await createDocument(t, sessions.admin, { type: 'tos_realtor', title: 'Realtor Terms' });
  await activateDocument(t, sessions.admin, homeowner.id);
  await activateDocument(t, sessions.admin, privacy.id);
  return { t, sessions, ids: { homeowner: homeowner.id, privacy: privacy.id, realtor: realtor.id } };
}

const register = (t: TestApp, overrides: Record<string, unknown>, address = '198.51.100.7') =>
  call(t, 'POST', '/api/register', { body: registration(overrides), address, headers: { 'user-agent': 'RegisterTest/2.0' } });

async function registered(t: TestApp, overrides: Record<string, unknown>) {
  const res = await register(t, overrides);
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${await res.text()}`);
  return { cookie: sessionCookie(res) ?? '', user: (await res.json()) as { id: string } };
}

describe('GET /api/legal-documents/active and /api/legal-documents/{type}', () => {
  it('answers nothing when no document is active', async () => {
    const t = await testApp();
    expect(await (await call(t, 'GET', '/api/legal-documents/active?role=homeowner')).json()).toEqual([]);
    const missing = await call(t, 'GET', '/api/legal-documents/privacy_policy');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Document not found' });
  });

  it("answers the role's active terms and the privacy policy, to anyone", async () => {
    const { t, ids } = await withActiveDocuments();
    const homeowner = (await (await call(t, 'GET', '/api/legal-documents/active?role=homeowner')).json()) as PublicDoc[];
    expect(homeowner).toEqual([
      { id: ids.homeowner, type: 'tos_homeowner', title: 'Homeowner Terms', content: 'The terms.', version: '1.0', effectiveDate: '2026-11-01T09:00:00.000Z' },
      { id: ids.privacy, type: 'privacy_policy', title: 'Privacy Policy', content: 'The terms.', version: '3.0', effectiveDate: '2026-11-01T09:00:00.000Z' },
    ]);
    const realtor = (await (await call(t, 'GET', '/api/legal-documents/active?role=realtor')).json()) as PublicDoc[];
    expect(realtor.map((d) => d.id)).toEqual([ids.privacy]);
    expect(((await (await call(t, 'GET', '/api/legal-documents/privacy_policy')).json()) as PublicDoc).id).toBe(ids.privacy);
    expect((await call(t, 'GET', '/api/legal-documents/tos_realtor')).status).toBe(404);
    expect((await call(t, 'GET', '/api/legal-documents/cookie_policy')).status).toBe(404);
  });

  it.each(['', '?role=admin'])('answers 400 for the query %j', async (query) => {
    const t = await testApp();
    const res = await call(t, 'GET', `/api/legal-documents/active${query}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Role must be homeowner or realtor', errors: { role: 'Role must be homeowner or realtor' } });
  });
});

describe('POST /api/register with legal documents', () => {
  it('asks nothing when no document is active', async () => {
    const t = await testApp();
    expect((await register(t, {})).status).toBe(201);
    expect(await t.deps.readStore.collection('user_agreements').countDocuments()).toBe(0);
  });

  it.each([
    ['no list', () => ({})],
    ['an empty list', () => ({ acceptedDocumentIds: [] })],
    ['only the terms', (ids: Record<string, number>) => ({ acceptedDocumentIds: [ids.homeowner] })],
    ['only the privacy policy', (ids: Record<string, number>) => ({ acceptedDocumentIds: [ids.privacy] })],
  ])('refuses %s with 400 and reserves nothing', async (_label, extra) => {
    const { t, ids } = await withActiveDocuments();
    const res = await register(t, { username: 'refused_one', ...extra(ids) });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: ACCEPT, errors: { acceptedDocumentIds: ACCEPT } });
    expect(await t.deps.eventStore.readStream('username-refused_one')).toEqual([]);
  });

  it("asks a realtor for the realtor terms, not the homeowner's", async () => {
    const { t, sessions, ids } = await withActiveDocuments();
    expect((await register(t, { role: 'realtor', acceptedDocumentIds: [ids.privacy] })).status).toBe(201);
    await activateDocument(t, sessions.admin, ids.realtor);
    expect((await register(t, { role: 'realtor', acceptedDocumentIds: [ids.privacy, ids.homeowner] })).status).toBe(400);
    expect((await register(t, { role: 'realtor', acceptedDocumentIds: [ids.privacy, ids.realtor] })).status).toBe(201);
  });

  it('refuses ids that are not document numbers', async () => {
    const t = await testApp();
    const res = await register(t, { acceptedDocumentIds: ['one'] });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Record<string, string> }).errors).toEqual({
      'acceptedDocumentIds.0': 'Document ids must be a list of document numbers',
    });
  });

  it('records one agreement per accepted document, with its version, the peer address and user agent', async () => {
    const { t, ids } = await withActiveDocuments();
    const { user } = await registered(t, { acceptedDocumentIds: [String(ids.homeowner), ids.privacy] });
    const agreements = await t.deps.readStore.collection('user_agreements').find({ userId: user.id }, { sort: { documentId: 1 } });
    expect(agreements.map(({ _position: _p, ...a }) => a)).toEqual(
      [
        [ids.homeowner, '1.0'],
        [ids.privacy, '3.0'],
      ].map(([documentId, version]) => ({
        _id: `${user.id}:${documentId}`,
        userId: user.id,
        documentId,
        version,
        agreedAt: '2026-11-22T10:00:00.000Z',
        ipAddress: '198.51.100.7',
        userAgent: 'RegisterTest/2.0',
      })),
    );
  });
});

describe('pending agreements', () => {
  it('asks a user for a new version once it is activated, and records the acceptance once', async () => {
    let now = new Date('2026-11-22T10:00:00.000Z');
    const { t, sessions, ids } = await withActiveDocuments(() => now);
    const { cookie, user } = await registered(t, { acceptedDocumentIds: [ids.homeowner, ids.privacy] });
    expect(await (await call(t, 'GET', '/api/user/pending-agreements', { cookie })).json()).toEqual([]);

    const v2 = await createDocument(t, sessions.admin, { title: 'Homeowner Terms', version: '2.0' });
    expect(await (await call(t, 'GET', '/api/user/pending-agreements', { cookie })).json()).toEqual([]);
    await activateDocument(t, sessions.admin, v2.id);
    const pending = (await (await call(t, 'GET', '/api/user/pending-agreements', { cookie })).json()) as PublicDoc[];
    expect(pending).toEqual([
      { id: v2.id, type: 'tos_homeowner', title: 'Homeowner Terms', content: 'The terms.', version: '2.0', effectiveDate: '2026-11-01T09:00:00.000Z' },
    ]);

    now = new Date('2026-11-23T10:00:00.000Z');
    const body = { documentIds: [v2.id], ipAddress: '10.0.0.1', userAgent: 'Claimed/1.0' };
    const accepted = await call(t, 'POST', '/api/user/agreements', { cookie, body, address: '198.51.100.99' });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ recorded: [v2.id], pending: [] });
    const again = await call(t, 'POST', '/api/user/agreements', { cookie, body: { documentIds: [v2.id, ids.privacy] } });
    expect(await again.json()).toEqual({ recorded: [], pending: [] });

    const agreement = await t.deps.readStore.collection('user_agreements').findOne({ _id: `${user.id}:${v2.id}` });
    // The server's own view of the request, never what the client claims.
    expect(agreement).toMatchObject({ agreedAt: '2026-11-23T10:00:00.000Z', ipAddress: '198.51.100.99', userAgent: 'ContactLegalTest/1.0' });
    expect(await t.deps.readStore.collection('user_agreements').countDocuments({ userId: user.id })).toBe(3);
    const events = (await t.deps.eventStore.readStream(`agreements-${user.id}`)).map((e) => (e.data as { documentId: number }).documentId);
    expect(events.sort()).toEqual([ids.homeowner, ids.privacy, v2.id].sort());
  });

  it('records one agreement when the same acceptance is sent 5 times at once', async () => {
    const { t, ids } = await withActiveDocuments();
    const { cookie, user } = await registered(t, { acceptedDocumentIds: [ids.homeowner, ids.privacy] });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call(t, 'POST', '/api/user/agreements', { cookie, body: { documentIds: [ids.homeowner] } })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(5).fill(200));
    expect(await t.deps.readStore.collection('user_agreements').countDocuments({ userId: user.id, documentId: ids.homeowner })).toBe(1);
  });

  it.each([
    ['an empty list', () => [], 'Please accept at least one document'],
    ['an unknown document', () => [999], 'Document not found: 999'],
    ["another role's terms", (ids: Record<string, number>) => [ids.realtor], 'Document not found: 3'],
  ])('refuses %s with 400', async (_label, documentIds, message) => {
    const { t, ids } = await withActiveDocuments();
    const { cookie } = await registered(t, { acceptedDocumentIds: [ids.homeowner, ids.privacy] });
    const res = await call(t, 'POST', '/api/user/agreements', { cookie, body: { documentIds: documentIds(ids) } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message, errors: { documentIds: message } });
  });

  it('needs a user session', async () => {
    const t = await testApp();
    const admin = (await adminSessions(t)).admin;
    for (const cookie of [undefined, admin]) {
      expect((await call(t, 'GET', '/api/user/pending-agreements', cookie ? { cookie } : {})).status).toBe(401);
      expect((await call(t, 'POST', '/api/user/agreements', { ...(cookie ? { cookie } : {}), body: { documentIds: [1] } })).status).toBe(401);
    }
  });
});

describe('activity log', () => {
  it('shows prospects, legal document changes and acceptances', async () => {
    // A clock that ticks, so entries sort by time.
    let tick = Date.parse('2026-11-22T10:00:00.000Z');
    const { t, sessions, ids } = await withActiveDocuments(() => new Date((tick += 1000)));
    const { user } = await registered(t, { acceptedDocumentIds: [ids.homeowner, ids.privacy] });
    const draft = await createDocument(t, sessions.admin, { type: 'tos_realtor', version: '0.1' });
    await call(t, 'PUT', `/api/admin/legal-documents/${draft.id}`, {
      cookie: sessions.admin,
      body: { type: 'tos_realtor', title: 'Draft', content: 'x', version: '0.2', effectiveDate: '2026-12-01T09:00' },
    });
    await call(t, 'DELETE', `/api/admin/legal-documents/${draft.id}`, { cookie: sessions.admin });
    await call(t, 'POST', '/api/prospects', { body: { email: 'lead@example.com', inquiryType: 'realtor', page: 'landing' } });

    const res = await call(t, 'GET', '/api/admin/activity?limit=100', { cookie: sessions.moderator });
    const entries = ((await res.json()) as { items: Array<Record<string, unknown>> }).items;
    const summary = entries
      .filter((e) => String(e.action).startsWith('legal_document.') || e.action === 'prospect.create')
      .map((e) => [e.action, e.actorType, e.resourceId]);
    const inOrder = summary.reverse();
    expect(inOrder.map(([action]) => action)).toEqual([
      'legal_document.create',
      'legal_document.create',
      'legal_document.create',
      'legal_document.activate',
      'legal_document.activate',
      'legal_document.accept',
      'legal_document.accept',
      'legal_document.create',
      'legal_document.update',
      'legal_document.delete',
      'prospect.create',
    ]);
    // The two acceptances of one registration share a time, so only their set is fixed.
    expect(new Set(inOrder.map((entry) => JSON.stringify(entry.slice(0, 3))))).toEqual(
      new Set(
        [
          ['legal_document.create', 'admin', String(ids.homeowner)],
          ['legal_document.create', 'admin', String(ids.privacy)],
          ['legal_document.create', 'admin', String(ids.realtor)],
          ['legal_document.activate', 'admin', String(ids.homeowner)],
          ['legal_document.activate', 'admin', String(ids.privacy)],
          ['legal_document.accept', 'user', String(ids.homeowner)],
          ['legal_document.accept', 'user', String(ids.privacy)],
          ['legal_document.create', 'admin', String(draft.id)],
          ['legal_document.update', 'admin', String(draft.id)],
          ['legal_document.delete', 'admin', String(draft.id)],
          ['prospect.create', 'system', inOrder.at(-1)?.[2]],
        ].map((entry) => JSON.stringify(entry)),
      ),
    );
    expect(inOrder.at(-1)?.[2]).toEqual(expect.any(String));
    expect(entries.find((e) => e.action === 'legal_document.accept')).toMatchObject({ actorId: user.id, actorName: 'Jane Doe', ipAddress: '198.51.100.7' });
    expect(entries.find((e) => e.action === 'prospect.create')?.details).toEqual({ email: 'lead@example.com', inquiryType: 'realtor', page: 'landing' });
  });
});
