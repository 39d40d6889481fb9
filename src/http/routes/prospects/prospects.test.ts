import { describe, expect, it, vi } from 'vitest';
import { adminSessions, call } from '../../../testing/contact-legal';
import { expectPagingRefusals, getListPage, pageThroughList } from '../../../testing/list-contract';
import { testAppPerTest } from '../../../testing/test-app';
import { registerUser } from '../../../testing/user-session';

const testApp = testAppPerTest();
const prospect = (overrides: Record<string, unknown> = {}) => ({
  email: 'jane@example.com',
  inquiryType: 'homeowner',
  message: 'I would like to list my house soon.',
  page: 'contact',
  ...overrides,
});

describe('POST /api/prospects', () => {
  it('answers 201 and records the prospect with the peer address and user agent', async () => {
    const t = await testApp({ now: () => new Date('2026-11-22T10:00:00.000Z') });
    const res = await call(t, 'POST', '/api/prospects', { body: prospect(), address: '198.51.100.4' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ success: true });
    const docs = await t.deps.readStore.collection('prospects').find({});
    expect(docs).toEqual([
      {
        _id: expect.any(String),
        email: 'jane@example.com',
        inquiryType: 'homeowner',
        message: 'I would like to list my house soon.',
        page: 'contact',
        ipAddress: '198.51.100.4',
        userAgent: 'ContactLegalTest/1.0',
        createdAt: '2026-11-22T10:00:00.000Z',
        _position: expect.any(Number),
      },
    ]);
  });

  it('takes the about form: an email and an inquiry type, no message', async () => {
    const t = await testApp();
    const res = await call(t, 'POST', '/api/prospects', { body: { email: 'sam@example.com', inquiryType: 'general', page: 'about' } });
    expect(res.status).toBe(201);
    expect(await t.deps.readStore.collection('prospects').findOne({ email: 'sam@example.com' })).toMatchObject({ message: null, page: 'about' });
  });

  it.each([
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ email: `${'a'.repeat(250)}@example.com` }, 'email', 'Email must be less than 255 characters'],
    [{ inquiryType: undefined }, 'inquiryType', 'Please select your role'],
    [{ inquiryType: 'investor' }, 'inquiryType', 'Please select your role'],
    [{ message: 'Too short' }, 'message', 'Message must be at least 10 characters long'],
    [{ page: undefined }, 'page', 'Page is required'],
    [{ page: 'x'.repeat(51) }, 'page', 'Page must be less than 50 characters'],
  ])('answers 400 for %j', async (override, field, message) => {
    const t = await testApp();
    const res = await call(t, 'POST', '/api/prospects', { body: prospect(override) });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message, errors: { [field]: message } });
    expect(await t.deps.readStore.collection('prospects').countDocuments()).toBe(0);
  });

  it('accepts the same submission twice within 10 minutes but records and mails it once', async () => {
    let now = new Date('2026-11-22T10:00:00.000Z');
    const t = await testApp({ now: () => now, supportEmail: 'support@example.com' });
    const first = await call(t, 'POST', '/api/prospects', { body: prospect() });
    now = new Date('2026-11-22T10:09:00.000Z');
    const again = await call(t, 'POST', '/api/prospects', { body: prospect({ email: 'JANE@example.com' }) });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(await again.json()).toEqual({ success: true });
    const events = await t.deps.eventStore.readStream('prospects-jane@example.com');
    expect(events.map((e) => e.type)).toEqual(['ProspectSubmitted']);
    await vi.waitFor(() => expect(t.outbox()).toHaveLength(1));

    // A different message is a new inquiry at once; the same one counts again after the window.
    await call(t, 'POST', '/api/prospects', { body: prospect({ message: 'Also, what do realtors charge?' }) });
    now = new Date('2026-11-22T10:10:00.000Z');
    await call(t, 'POST', '/api/prospects', { body: prospect() });
    expect(await t.deps.readStore.collection('prospects').countDocuments({})).toBe(3);
    await vi.waitFor(() => expect(t.outbox()).toHaveLength(3));
  });

  it('records exactly one of 10 identical submissions sent at once', async () => {
    const t = await testApp();
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(t, 'POST', '/api/prospects', { body: prospect() })));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(await t.deps.readStore.collection('prospects').countDocuments({})).toBe(1);
  });

  it('mails SUPPORT_EMAIL with a text and an escaped HTML part', async () => {
    const t = await testApp({ supportEmail: 'support@example.com', adminEmail: 'admin@example.com' });
    await call(t, 'POST', '/api/prospects', { body: prospect({ message: '<b>Hello</b> & welcome, realtors!' }) });
    await vi.waitFor(() => expect(t.outbox()).toHaveLength(1));
    const [mail] = t.outbox();
    expect(mail).toMatchObject({ to: 'support@example.com', subject: 'New homeowner inquiry from jane@example.com', tag: 'prospect' });
    expect(mail?.text).toContain('<b>Hello</b> & welcome, realtors!');
    expect(mail?.html).toContain('&lt;b&gt;Hello&lt;/b&gt; &amp; welcome, realtors!');
    expect(mail?.html).toContain('http://localhost:3000/admin');
  });

  it('mails ADMIN_EMAIL when SUPPORT_EMAIL is not set, and skips the mail with a log line when neither is', async () => {
    const withAdmin = await testApp({ adminEmail: 'admin@example.com' });
    await call(withAdmin, 'POST', '/api/prospects', { body: prospect() });
    await vi.waitFor(() => expect(withAdmin.outbox().map((m) => m.to)).toEqual(['admin@example.com']));

    const without = await testApp();
    expect((await call(without, 'POST', '/api/prospects', { body: prospect() })).status).toBe(201);
    expect(await without.mailed()).toEqual([]);
    expect(without.logger.lines.some((line) => line.msg === 'prospect mail skipped: neither SUPPORT_EMAIL nor ADMIN_EMAIL is set')).toBe(true);
    expect(without.outbox()).toEqual([]);
  });

  it('allows 10 submissions an hour per address, then answers 429', async () => {
    const t = await testApp({ rateLimits: 'on' });
    for (let i = 0; i < 10; i++) {
      expect((await call(t, 'POST', '/api/prospects', { body: prospect({ email: `p${i}@example.com` }), address: '198.51.100.9' })).status).toBe(201);
    }
    const limited = await call(t, 'POST', '/api/prospects', { body: prospect({ email: 'p10@example.com' }), address: '198.51.100.9' });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ message: 'Too many attempts. Please try again in 60 minutes.' });
    expect((await call(t, 'POST', '/api/prospects', { body: prospect(), address: '198.51.100.10' })).status).toBe(201);
  });
});

describe('GET /api/admin/prospects and /api/admin/prospects.csv', () => {
  async function withProspects() {
    let now = new Date('2026-11-22T10:00:00.000Z');
    const t = await testApp({ now: () => now });
    const sessions = await adminSessions(t);
    const inputs = [
      prospect({ email: 'a@example.com', inquiryType: 'realtor', message: 'Looking for more clients in Toronto.' }),
      prospect({ email: 'b@example.com', inquiryType: 'homeowner', message: '=HYPERLINK("http://evil.example","Click")' }),
      prospect({ email: 'c@example.com', inquiryType: 'general', message: 'Hello, "quoted", with a comma\nand a second line', page: 'landing' }),
      prospect({ email: '+d@example.com', inquiryType: 'general', message: undefined, page: 'about' }),
    ];
    for (const [i, input] of inputs.entries()) {
      now = new Date(Date.UTC(2026, 10, 22, 10, i));
      expect((await call(t, 'POST', '/api/prospects', { body: input })).status).toBe(201);
    }
    return { t, sessions, setNow: (at: string) => (now = new Date(at)) };
  }

  type Row = Record<string, unknown> & { id: string };

  it('lists prospects newest first, filtered and paged through exactly once', async () => {
    const { t, sessions } = await withProspects();
    const get = async (query: Record<string, string> = {}) => getListPage<Row>(t, '/api/admin/prospects', sessions.moderator, query);
    const emails = (items: Row[]) => items.map((p) => p.email);
    const all = await get();
    expect([all.total, all.nextCursor]).toEqual([4, null]);
    expect(emails(all.items)).toEqual(['+d@example.com', 'c@example.com', 'b@example.com', 'a@example.com']);
    expect(all.items[3]).toEqual({
      id: expect.any(String),
      email: 'a@example.com',
      inquiryType: 'realtor',
      message: 'Looking for more clients in Toronto.',
      page: 'contact',
      ipAddress: '203.0.113.7',
      userAgent: 'ContactLegalTest/1.0',
      createdAt: '2026-11-22T10:00:00.000Z',
    });
    expect(emails((await get({ inquiryType: 'general' })).items)).toEqual(['+d@example.com', 'c@example.com']);
    expect(emails((await get({ search: 'TORONTO' })).items)).toEqual(['a@example.com']);
    expect((await get({ search: 'example.com', inquiryType: 'homeowner' })).total).toBe(1);
    expect((await get({ search: '.*' })).total).toBe(0);
    const paged = await pageThroughList<Row>(t, '/api/admin/prospects', sessions.moderator, 3);
    expect({ total: paged.total, pages: paged.pages, emails: emails(paged.items) }).toEqual({ total: 4, pages: 2, emails: emails(all.items) });
    const general = await pageThroughList<Row>(t, '/api/admin/prospects?inquiryType=general', sessions.moderator, 1);
    expect({ total: general.total, emails: emails(general.items) }).toEqual({ total: 2, emails: ['+d@example.com', 'c@example.com'] });
  });

  it('filters the list and the export by the day received', async () => {
    const { t, sessions, setNow } = await withProspects();
    const days = ['2026-11-23T09:00:00.000Z', '2026-11-24T23:59:59.999Z'];
    for (const [i, at] of days.entries()) {
      setNow(at);
      expect((await call(t, 'POST', '/api/prospects', { body: prospect({ email: `late${i}@example.com` }) })).status).toBe(201);
    }
    const emails = async (query: Record<string, string>) => (await getListPage<Row>(t, '/api/admin/prospects', sessions.admin, query)).items.map((p) => p.email);
    expect(await emails({ from: '2026-11-23' })).toEqual(['late1@example.com', 'late0@example.com']);
    expect(await emails({ from: '2026-11-23', to: '2026-11-23' })).toEqual(['late0@example.com']);
    expect(await emails({ to: '2026-11-22', inquiryType: 'realtor' })).toEqual(['a@example.com']);
    const csv = await (await call(t, 'GET', '/api/admin/prospects.csv?from=2026-11-24&to=2026-11-24', { cookie: sessions.admin })).text();
    const rows = csv.split('\r\n').filter(Boolean);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(',late1@example.com,');
  });

  it('refuses bad paging and filters with 400', async () => {
    const { t, sessions } = await withProspects();
    await expectPagingRefusals(t, '/api/admin/prospects', sessions.admin);
    const refusals: Array<[string, string]> = [
      ['inquiryType=investor', 'Inquiry type must be realtor, homeowner or general'],
      ['from=2026-02-30', 'From must be a date (YYYY-MM-DD)'],
      ['to=tomorrow', 'To must be a date (YYYY-MM-DD)'],
    ];
    for (const [query, message] of refusals) {
      for (const path of ['/api/admin/prospects', '/api/admin/prospects.csv']) {
        const res = await call(t, 'GET', `${path}?${query}`, { cookie: sessions.admin });
        expect(res.status, `${path}?${query}`).toBe(400);
        expect(((await res.json()) as { message: string }).message).toBe(message);
      }
    }
  });

  it('exports CSV with RFC 4180 quoting and neutralised formulas', async () => {
    const { t, sessions } = await withProspects();
    const res = await call(t, 'GET', '/api/admin/prospects.csv', { cookie: sessions.super_admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="prospects-2026-11-22.csv"');
    const text = await res.text();
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('id,email,inquiryType,message,page,ipAddress,userAgent,createdAt');
    expect(lines[1]).toMatch(/^[0-9a-f-]{36},'\+d@example\.com,general,,about,203\.0\.113\.7,ContactLegalTest\/1\.0,2026-11-22T10:03:00\.000Z$/);
    expect(text).toContain(',"Hello, ""quoted"", with a comma\nand a second line",landing,');
    expect(text).toContain(`,"'=HYPERLINK(""http://evil.example"",""Click"")",contact,`);
    expect(text.endsWith('\r\n')).toBe(true);

    const filtered = await (await call(t, 'GET', '/api/admin/prospects.csv?inquiryType=realtor', { cookie: sessions.moderator })).text();
    expect(filtered.split('\r\n').filter(Boolean)).toHaveLength(2);
  });

  it('answers 401 to guests and users', async () => {
    const t = await testApp();
    const { cookie } = await registerUser(t.app);
    for (const path of ['/api/admin/prospects', '/api/admin/prospects.csv']) {
      expect((await call(t, 'GET', path)).status).toBe(401);
      expect((await call(t, 'GET', path, { cookie })).status).toBe(401);
    }
  });
});
