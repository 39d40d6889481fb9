import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateDocument, adminSessions, call, createDocument, documentInput } from '../../../testing/contact-legal';
import type { TestApp } from '../../../testing/test-app';
import { createTestApp, testAppPerTest } from '../../../testing/test-app';
import { registerUser } from '../../../testing/user-session';
import { type AdminDoc, list, signedInOn } from './admin-legal.fixtures';

const signedIn = signedInOn(testAppPerTest());

describe('POST /api/admin/legal-documents', () => {
  it('creates an inactive document numbered 1, 2, 3…', async () => {
    const { t, rootId, super_admin } = await signedIn();
    const res = await call(t, 'POST', '/api/admin/legal-documents', { cookie: super_admin, body: documentInput() });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      id: 1,
      type: 'tos_homeowner',
      title: 'Homeowner Terms of Service',
      content: 'The terms.',
      version: '1.0',
      isActive: false,
      status: 'draft',
      scheduledFor: null,
      locked: false,
      previousVersionId: null,
      effectiveDate: '2026-11-01T09:00:00.000Z',
      createdAt: '2026-11-22T10:00:00.000Z',
      updatedAt: '2026-11-22T10:00:00.000Z',
      createdBy: rootId,
    });
    expect((await createDocument(t, super_admin, { type: 'privacy_policy' })).id).toBe(2);
  });

  it('numbers documents created at the same moment without a gap or a repeat', async () => {
    const { t, admin } = await signedIn();
    const answers = await Promise.all(Array.from({ length: 5 }, () => call(t, 'POST', '/api/admin/legal-documents', { cookie: admin, body: documentInput() })));
    const ids = await Promise.all(answers.map(async (res) => ((await res.json()) as AdminDoc).id));
    expect(ids.sort()).toEqual([1, 2, 3, 4, 5]);
  });

  describe('validation', () => {
    let shared: TestApp;
    let cookie = '';
    beforeAll(async () => {
      shared = await createTestApp();
      cookie = (await adminSessions(shared)).admin;
    });
    afterAll(async () => {
      await shared.close();
    });

    it.each([
      [{ type: 'cookies' }, 'type', 'Type must be tos_homeowner, tos_realtor or privacy_policy'],
      [{ title: '' }, 'title', 'Title is required'],
      [{ title: 'x'.repeat(256) }, 'title', 'Title must be less than 255 characters'],
      [{ content: ' ' }, 'content', 'Content is required'],
      [{ version: '' }, 'version', 'Version is required'],
      [{ version: 'v'.repeat(51) }, 'version', 'Version must be less than 50 characters'],
      [{ effectiveDate: '' }, 'effectiveDate', 'Please select a valid date and time'],
      [{ effectiveDate: '2026-13-01T10:00' }, 'effectiveDate', 'Please select a valid date and time'],
    ])('answers 400 for %j', async (override, field, message) => {
      const res = await call(shared, 'POST', '/api/admin/legal-documents', { cookie, body: documentInput(override) });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message, errors: { [field]: message } });
      expect(await list(shared, cookie)).toEqual([]);
    });
  });
});

describe('PUT and DELETE /api/admin/legal-documents/{id}', () => {
  it('edits a document, keeping its type', async () => {
    let now = new Date('2026-11-22T10:00:00.000Z');
    const { t, moderator } = await signedIn(() => now);
    const { id } = await createDocument(t, moderator);
    now = new Date('2026-11-23T10:00:00.000Z');
    const res = await call(t, 'PUT', `/api/admin/legal-documents/${id}`, {
      cookie: moderator,
      body: documentInput({ version: '1.1', effectiveDate: '2026-12-05T08:00:00.000Z' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id,
      version: '1.1',
      effectiveDate: '2026-12-05T08:00:00.000Z',
      createdAt: '2026-11-22T10:00:00.000Z',
      updatedAt: '2026-11-23T10:00:00.000Z',
    });

    const retype = await call(t, 'PUT', `/api/admin/legal-documents/${id}`, { cookie: moderator, body: documentInput({ type: 'privacy_policy' }) });
    expect(retype.status).toBe(400);
    expect(((await retype.json()) as { message: string }).message).toBe('The type of a document cannot be changed; create a new document instead');
    const invalid = await call(t, 'PUT', `/api/admin/legal-documents/${id}`, { cookie: moderator, body: documentInput({ title: '' }) });
    expect(await invalid.json()).toEqual({ message: 'Title is required', errors: { title: 'Title is required' } });
  });

  it('deletes an inactive document but refuses the active one', async () => {
    const { t, admin } = await signedIn();
    const first = await createDocument(t, admin);
    const second = await createDocument(t, admin);
    await activateDocument(t, admin, first.id);

    const refused = await call(t, 'DELETE', `/api/admin/legal-documents/${first.id}`, { cookie: admin });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: 'The active document cannot be deleted. Activate another document of this type first.' });

    const deleted = await call(t, 'DELETE', `/api/admin/legal-documents/${second.id}`, { cookie: admin });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ success: true });
    expect((await list(t, admin)).map((d) => d.id)).toEqual([first.id]);
    for (const [method, path] of [
      ['DELETE', `/api/admin/legal-documents/${second.id}`],
      ['PUT', `/api/admin/legal-documents/${second.id}`],
      ['POST', `/api/admin/legal-documents/${second.id}/activate`],
    ] as const) {
      const res = await call(t, method, path, { cookie: admin, ...(method === 'PUT' ? { body: documentInput() } : {}) });
      expect([method, res.status, await res.json()]).toEqual([method, 404, { message: 'Document not found' }]);
    }
  });

  it.each(['999', 'abc', '0', '1.5'])('answers 404 for the id %s', async (id) => {
    const { t, admin } = await signedIn();
    await createDocument(t, admin);
    expect((await call(t, 'POST', `/api/admin/legal-documents/${id}/activate`, { cookie: admin })).status).toBe(404);
    expect((await call(t, 'GET', `/api/admin/legal-documents/${id}/agreements`, { cookie: admin })).status).toBe(404);
  });
});

describe('legal documents as immutable versions', () => {
  const publicTerms = async (t: TestApp) => (await (await call(t, 'GET', '/api/legal-documents/tos_homeowner')).json()) as { id: number; content: string };

  it('saves an edit of an activated version as a new draft version and leaves its text unchanged', async () => {
    const { t, admin } = await signedIn();
    const v1 = await createDocument(t, admin, { content: 'The terms people accepted.' });
    await activateDocument(t, admin, v1.id);

    const res = await call(t, 'PUT', `/api/admin/legal-documents/${v1.id}`, { cookie: admin, body: documentInput({ content: 'New terms.', version: '1.1' }) });
    expect(res.status).toBe(201);
    const draft = (await res.json()) as AdminDoc;
    expect(draft).toMatchObject({
      savedAsNewVersion: true,
      message: 'Saved as a new draft version',
      content: 'New terms.',
      version: '1.1',
      status: 'draft',
      isActive: false,
      locked: false,
      previousVersionId: v1.id,
    });
    expect(draft.id).not.toBe(v1.id);

    const docs = await list(t, admin);
    expect(docs.find((d) => d.id === v1.id)).toMatchObject({ content: 'The terms people accepted.', version: '1.0', status: 'active', locked: true });
    expect(await publicTerms(t)).toMatchObject({ id: v1.id, content: 'The terms people accepted.' });
    const events = (await t.deps.eventStore.readStream(`legal-document-${v1.id}`)).map((e) => e.type);
    expect(events).toEqual(['LegalDocumentCreated', 'LegalDocumentLocked']);

    // The new draft is edited in place until it is activated in turn.
    const edited = await call(t, 'PUT', `/api/admin/legal-documents/${draft.id}`, { cookie: admin, body: documentInput({ content: 'Newer terms.', version: '1.1' }) });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ id: draft.id, content: 'Newer terms.', savedAsNewVersion: false });
    // Sent back unchanged, an activated version makes no new draft.
    const unchanged = await call(t, 'PUT', `/api/admin/legal-documents/${v1.id}`, { cookie: admin, body: documentInput({ content: 'The terms people accepted.' }) });
    expect(unchanged.status).toBe(200);
    expect((await list(t, admin)).map((d) => d.id).sort()).toEqual([v1.id, draft.id].sort());
  });

  it('refuses to delete a version that was once active, and names the one that replaced it superseded', async () => {
    const { t, admin } = await signedIn();
    const v1 = await createDocument(t, admin);
    const v2 = await createDocument(t, admin, { version: '2.0' });
    await activateDocument(t, admin, v1.id);
    await activateDocument(t, admin, v2.id);

    const refused = await call(t, 'DELETE', `/api/admin/legal-documents/${v1.id}`, { cookie: admin });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: 'A version that has been activated cannot be deleted: people may have accepted its text, so it stays on record.' });
    expect((await list(t, admin)).map((d) => [d.id, d.status])).toEqual([
      [v2.id, 'active'],
      [v1.id, 'superseded'],
    ]);
  });

  it('schedules a version whose effective date is to come; it is in force by itself from that time', async () => {
    let now = new Date('2026-11-22T10:00:00.000Z');
    const { t, admin } = await signedIn(() => now);
    const v1 = await createDocument(t, admin);
    await activateDocument(t, admin, v1.id);
    const homeowner = await registerUser(t.app, { acceptedDocumentIds: [v1.id] });
    const v2 = await createDocument(t, admin, { version: '2.0', content: 'December terms.', effectiveDate: '2026-12-01T00:00' });

    const res = await call(t, 'POST', `/api/admin/legal-documents/${v2.id}/activate`, { cookie: admin });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: v2.id, status: 'scheduled', isActive: false, scheduledFor: '2026-12-01T00:00:00.000Z', locked: true });
    expect(await publicTerms(t)).toMatchObject({ id: v1.id });
    const pending = async () => ((await (await call(t, 'GET', '/api/user/pending-agreements', { cookie: homeowner.cookie })).json()) as Array<{ id: number }>).map((d) => d.id);
    expect(await pending()).toEqual([]);
    // Activating it again while it waits decides nothing.
    await activateDocument(t, admin, v2.id);
    expect(await t.deps.eventStore.readStream('legal-active-tos_homeowner')).toHaveLength(2);

    now = new Date('2026-11-30T23:59:59.999Z');
    expect(await publicTerms(t)).toMatchObject({ id: v1.id });
    now = new Date('2026-12-01T00:00:00.000Z');
    expect(await publicTerms(t)).toMatchObject({ id: v2.id, content: 'December terms.' });
    expect((await list(t, admin)).map((d) => [d.id, d.status, d.isActive])).toEqual([
      [v2.id, 'active', true],
      [v1.id, 'superseded', false],
    ]);
    expect(await pending()).toEqual([v2.id]);
  });
});

describe('POST /api/admin/legal-documents/{id}/activate', () => {
  it('keeps one active document per type', async () => {
    const { t, admin } = await signedIn();
    const v1 = await createDocument(t, admin, { version: '1.0' });
    const v2 = await createDocument(t, admin, { version: '2.0' });
    const privacy = await createDocument(t, admin, { type: 'privacy_policy', title: 'Privacy Policy' });
    const realtor = await createDocument(t, admin, { type: 'tos_realtor', title: 'Realtor Terms' });

    const res = await call(t, 'POST', `/api/admin/legal-documents/${v1.id}/activate`, { cookie: admin });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: v1.id, isActive: true });
    await activateDocument(t, admin, privacy.id);
    await activateDocument(t, admin, v2.id);
    await activateDocument(t, admin, v2.id);

    const active = (await list(t, admin))
      .filter((d) => d.isActive)
      .map((d) => d.id)
      .sort();
    expect(active).toEqual([v2.id, privacy.id].sort());
    expect((await list(t, admin)).find((d) => d.id === realtor.id)?.isActive).toBe(false);
    const events = (await t.deps.eventStore.readStream('legal-active-tos_homeowner')).map((e) => e.data);
    expect(events).toMatchObject([
      { documentId: v1.id, previousDocumentId: null },
      { documentId: v2.id, previousDocumentId: v1.id },
    ]);
  });

  it('leaves exactly one active document after 10 concurrent activations of one type', async () => {
    const { t, admin } = await signedIn();
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push((await createDocument(t, admin, { version: `${i}.0` })).id);
    const answers = await Promise.all(ids.map((id) => call(t, 'POST', `/api/admin/legal-documents/${id}/activate`, { cookie: admin })));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    const active = (await list(t, admin)).filter((d) => d.isActive);
    expect(active).toHaveLength(1);
    const last = (await t.deps.eventStore.readStream('legal-active-tos_homeowner')).at(-1)?.data as { documentId: number };
    expect(active[0]?.id).toBe(last.documentId);
    const publicTerms = (await (await call(t, 'GET', '/api/legal-documents/tos_homeowner')).json()) as { id: number };
    expect(publicTerms.id).toBe(last.documentId);
  });
});

describe('admin legal routes', () => {
  it('are open to every administrator role and to no one else', async () => {
    const { t, moderator, admin, super_admin } = await signedIn();
    const user = await registerUser(t.app);
    const { id } = await createDocument(t, admin);
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/legal-documents'],
      ['POST', '/api/admin/legal-documents', {}],
      ['PUT', `/api/admin/legal-documents/${id}`, {}],
      ['DELETE', '/api/admin/legal-documents/999'],
      ['POST', '/api/admin/legal-documents/999/activate'],
      ['GET', `/api/admin/legal-documents/${id}/agreements`],
      ['GET', '/api/admin/legal-agreements'],
    ];
    for (const [method, path, body] of routes) {
      const statuses = [];
      for (const cookie of [undefined, user.cookie, moderator, admin, super_admin]) {
        statuses.push((await call(t, method, path, { ...(cookie ? { cookie } : {}), ...(body !== undefined ? { body } : {}) })).status);
      }
      const through = method === 'GET' && path.endsWith('agreements') ? 200 : method === 'GET' ? 200 : body !== undefined ? 400 : 404;
      expect([method, path, statuses]).toEqual([method, path, [401, 401, through, through, through]]);
    }
  });
});
