import { describe, expect, it } from 'vitest';
import { activateDocument, call, createDocument } from '../../../testing/contact-legal';
import { testAppPerTest } from '../../../testing/test-app';
import { registerUser } from '../../../testing/user-session';
import { type AdminDoc, type Page, signedInOn } from './admin-legal.fixtures';

const signedIn = signedInOn(testAppPerTest());

describe('GET /api/admin/legal-documents/{id}/agreements', () => {
  it('lists who accepted a document, with name, email, role, date and address', async () => {
    let now = new Date('2026-11-22T10:00:00.000Z');
    const { t, moderator } = await signedIn(() => now);
    const terms = await createDocument(t, moderator);
    const privacy = await createDocument(t, moderator, { type: 'privacy_policy' });
    await activateDocument(t, moderator, terms.id);
    await activateDocument(t, moderator, privacy.id);
    now = new Date('2026-11-22T11:00:00.000Z');
    const jane = await call(t, 'POST', '/api/register', {
      address: '198.51.100.5',
      body: {
        username: 'jane',
        password: 'Secret123',
        email: 'jane@example.com',
        name: 'Jane Doe',
        role: 'homeowner',
        acceptedDocumentIds: [terms.id, String(privacy.id)],
      },
    });
    expect(jane.status).toBe(201);
    const janeId = ((await jane.json()) as { id: string }).id;

    const res = await call(t, 'GET', `/api/admin/legal-documents/${terms.id}/agreements`, { cookie: moderator });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      items: [
        {
          userId: janeId,
          name: 'Jane Doe',
          email: 'jane@example.com',
          role: 'homeowner',
          agreedAt: '2026-11-22T11:00:00.000Z',
          ipAddress: '198.51.100.5',
          documentId: terms.id,
          version: '1.0',
          title: 'Homeowner Terms of Service',
        },
      ],
      nextCursor: null,
      total: 1,
    });
  });
});

describe('GET /api/admin/legal-agreements', () => {
  it('shows which version each person accepted, a page at a time, by type or version', async () => {
    let now = new Date('2026-11-22T10:00:00.000Z');
    const { t, admin } = await signedIn(() => now);
    const v1 = await createDocument(t, admin);
    const privacy = await createDocument(t, admin, { type: 'privacy_policy', version: '7.0' });
    await activateDocument(t, admin, v1.id);
    const early = await registerUser(t.app, { username: 'early_bird', acceptedDocumentIds: [v1.id] });
    now = new Date('2026-11-22T11:00:00.000Z');
    const v2 = await createDocument(t, admin, { version: '2.0' });
    await activateDocument(t, admin, v2.id);
    await call(t, 'POST', '/api/user/agreements', { cookie: early.cookie, body: { documentIds: [v2.id] } });
    now = new Date('2026-11-22T12:00:00.000Z');
    await activateDocument(t, admin, privacy.id);
    const late = await registerUser(t.app, { username: 'late_comer', acceptedDocumentIds: [v2.id, privacy.id] });

    type Row = { userId: string; documentId: number; version: string; title: string };
    const page = async (query: string) => (await (await call(t, 'GET', `/api/admin/legal-agreements?${query}`, { cookie: admin })).json()) as Page<Row>;
    const homeowners = await page('type=tos_homeowner');
    expect(homeowners.total).toBe(3);
    expect(homeowners.items.map((a) => [a.userId, a.documentId, a.version])).toEqual([
      [late.user.id, v2.id, '2.0'],
      [early.user.id, v2.id, '2.0'],
      [early.user.id, v1.id, '1.0'],
    ]);
    expect((await page(`documentId=${v1.id}`)).items.map((a) => a.userId)).toEqual([early.user.id]);
    expect((await page(`type=privacy_policy&documentId=${v1.id}`)).total).toBe(0);

    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const next: Page<Row> = await page(`limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(next.total).toBe(4);
      seen.push(...next.items.map((a) => `${a.userId}:${a.documentId}`));
      cursor = next.nextCursor;
    }
    expect(seen.sort()).toEqual([`${late.user.id}:${v2.id}`, `${late.user.id}:${privacy.id}`, `${early.user.id}:${v2.id}`, `${early.user.id}:${v1.id}`].sort());

    for (const [query, message] of [
      ['type=cookies', 'Type must be tos_homeowner, tos_realtor or privacy_policy'],
      ['documentId=abc', 'Document not found'],
      ['limit=101', 'Limit must be between 1 and 100'],
      ['cursor=%7B', 'Invalid cursor'],
    ]) {
      const res = await call(t, 'GET', `/api/admin/legal-agreements?${query}`, { cookie: admin });
      expect([query, res.status, ((await res.json()) as { message: string }).message]).toEqual([query, 400, message]);
    }
  });
});

describe('GET /api/admin/legal-documents', () => {
  it('pages through every version once, newest first, by type and search', async () => {
    let tick = Date.parse('2026-11-22T10:00:00.000Z');
    const { t, admin } = await signedIn(() => new Date((tick += 1000)));
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await createDocument(t, admin, { version: `${i}.0` })).id);
    const privacy = await createDocument(t, admin, { type: 'privacy_policy', title: 'Privacy Policy', version: 'p1' });
    const page = async (query: string) => (await (await call(t, 'GET', `/api/admin/legal-documents?${query}`, { cookie: admin })).json()) as Page<AdminDoc>;

    const seen: number[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const next: Page<AdminDoc> = await page(`limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(next.total).toBe(6);
      seen.push(...next.items.map((d) => d.id));
      cursor = next.nextCursor;
    }
    expect(seen).toEqual([privacy.id, ...[...ids].reverse()]);
    expect((await page('type=privacy_policy')).items.map((d) => d.id)).toEqual([privacy.id]);
    expect((await page('search=3.0')).items.map((d) => d.id)).toEqual([ids[3]]);
    expect((await page('search=privacy')).total).toBe(1);
  });
});
