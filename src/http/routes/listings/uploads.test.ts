import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { uploadsStreamId } from '../../../domain/files/events';
import { send } from '../../../testing/admins';
import { FILES, rootSession, upload, uploadBill, verifiedHomeowner } from '../../../testing/listings';
import type { TestApp } from '../../../testing/test-app';
import { createTestApp } from '../../../testing/test-app';
import { registerUser } from '../../../testing/user-session';

const MB = 1024 * 1024;
const BILL_TYPES = 'Please upload a JPG, PNG, or PDF file';
const TOO_LARGE = 'File size must be less than 10MB';

let t: TestApp;
let homeowner: { cookie: string; user: { id: string } };
let verified: { cookie: string; user: { id: string } };

beforeAll(async () => {
  t = await createTestApp();
  homeowner = await registerUser(t.app, { role: 'homeowner' });
  verified = await verifiedHomeowner(t, await rootSession(t));
});

afterAll(async () => {
  await t.close();
});

const document = (bytes: Uint8Array<ArrayBuffer>, name: string, cookie = homeowner.cookie) =>
  upload(t, '/api/upload-document', { cookie, field: 'document', bytes, name });
const image = (bytes: Uint8Array<ArrayBuffer>, name: string, cookie = verified.cookie) =>
  upload(t, '/api/upload-property-image', { cookie, field: 'image', bytes, name });

describe('POST /api/upload-document', () => {
  it('stores a bill and answers its opaque key, never an address', async () => {
    const res = await document(FILES.pdf(), 'bill.pdf');
    expect(res.status).toBe(201);
    const { documentUrl } = (await res.json()) as { documentUrl: string };
    expect(documentUrl).toMatch(/^bills\/[0-9a-f-]{36}\.pdf$/);
    expect(await t.deps.blobs.get(documentUrl)).toMatchObject({ contentType: 'application/pdf' });
    // Recorded as this homeowner's upload, so only they can submit it.
    const recorded = await t.deps.eventStore.readStream(uploadsStreamId(homeowner.user.id));
    expect(recorded.map((e) => e.data)).toContainEqual(expect.objectContaining({ key: documentUrl, kind: 'bill', contentType: 'application/pdf', size: 64 }));
  });

  it('recognises JPG, PNG and PDF by content, not by name', async () => {
    const cases: Array<[Uint8Array<ArrayBuffer>, string, RegExp]> = [
      [FILES.jpeg(), 'scan.jpeg', /\.jpg$/],
      [FILES.png(), 'scan.pdf', /\.png$/],
      [FILES.pdf(), 'scan.png', /\.pdf$/],
    ];
    for (const [bytes, name, extension] of cases) {
      const res = await document(bytes, name);
      expect(res.status, name).toBe(201);
      expect(((await res.json()) as { documentUrl: string }).documentUrl).toMatch(extension);
    }
  });

  it('refuses anything else with the spec’s message, whatever its name', async () => {
    for (const [bytes, name] of [[FILES.text(), 'bill.jpg'], [FILES.webp(), 'bill.webp'], [FILES.text(), 'bill.pdf']] as const) {
      const res = await document(bytes, name);
      expect(res.status, name).toBe(400);
      expect(await res.json()).toEqual({ message: BILL_TYPES, errors: { document: BILL_TYPES } });
    }
  });

  it('takes 10 MB and refuses a byte more, and a body far over the limit, with the spec’s message', async () => {
    expect((await document(FILES.pdf(10 * MB), 'big.pdf')).status).toBe(201);
    const over = await document(FILES.pdf(10 * MB + 1), 'big.pdf');
    expect(over.status).toBe(400);
    expect(((await over.json()) as { message: string }).message).toBe(TOO_LARGE);
    const huge = await document(FILES.pdf(11 * MB), 'huge.pdf');
    expect(huge.status).toBe(400);
    expect(await huge.json()).toEqual({ message: TOO_LARGE });
  });

  it('refuses a declared length over the limit before reading the body', async () => {
    const res = await t.app.request('/api/upload-document', {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', cookie: homeowner.cookie, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(20 * MB) },
      body: 'x',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: TOO_LARGE });
  });

  it('needs a file in the document field', async () => {
    const res = await upload(t, '/api/upload-document', { cookie: homeowner.cookie, field: 'file', bytes: FILES.pdf(), name: 'bill.pdf' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('Please choose a file to upload');
  });

  it("is for signed-in users: a homeowner's bill or a realtor's licence (docs/decisions/0050)", async () => {
    const realtor = await registerUser(t.app, { role: 'realtor' });
    const licence = await document(FILES.pdf(), 'licence.pdf', realtor.cookie);
    expect(licence.status).toBe(201);
    expect(((await licence.json()) as { documentUrl: string }).documentUrl).toMatch(/^bills\/[0-9a-f-]{36}\.pdf$/);
    expect((await upload(t, '/api/upload-document', { field: 'document', bytes: FILES.pdf(), name: 'bill.pdf' })).status).toBe(401);
  });
});

describe('POST /api/upload-property-image', () => {
  it('stores JPEG, PNG and WebP images recognised by content', async () => {
    for (const [bytes, name, extension] of [[FILES.jpeg(), 'a.png', 'jpg'], [FILES.png(), 'b.jpg', 'png'], [FILES.webp(), 'c.gif', 'webp']] as const) {
      const res = await image(bytes, name);
      expect(res.status, name).toBe(201);
      const { imageKey } = (await res.json()) as { imageKey: string };
      expect(imageKey).toMatch(new RegExp(`^images/[0-9a-f-]{36}\\.${extension}$`));
    }
  });

  it('takes many images uploaded at once', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => image(FILES.png(64 + i), `photo-${i}.png`)));
    expect(answers.map((res) => res.status)).toEqual(Array(12).fill(201));
    const keys = await Promise.all(answers.map(async (res) => ((await res.json()) as { imageKey: string }).imageKey));
    expect(new Set(keys).size).toBe(12);
    const recorded = (await t.deps.eventStore.readStream(uploadsStreamId(verified.user.id))).map((e) => (e.data as { key: string }).key);
    expect(recorded).toEqual(expect.arrayContaining(keys));
  });

  it('refuses a text file named .jpg and a PDF', async () => {
    for (const [bytes, name] of [[FILES.text(), 'photo.jpg'], [FILES.pdf(), 'photo.png']] as const) {
      const res = await image(bytes, name);
      expect(res.status, name).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe('Please upload a JPG, PNG, or WebP image');
    }
  });

  it('refuses more than 10 MB', async () => {
    const res = await image(FILES.png(10 * MB + 1), 'big.png');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(TOO_LARGE);
  });

  it('is for verified homeowners only', async () => {
    const res = await image(FILES.png(), 'photo.png', homeowner.cookie);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe('Only verified homeowners can list properties. Please verify your ownership first.');
    const realtor = await registerUser(t.app, { role: 'realtor' });
    expect((await image(FILES.png(), 'photo.png', realtor.cookie)).status).toBe(403);
  });

  it('keeps a bill out of the images folder', async () => {
    const key = await uploadBill(t, verified.cookie, FILES.png());
    expect(key.startsWith('bills/')).toBe(true);
    const res = await send(t, 'GET', `/api/proxy-image/${encodeURIComponent(key)}`, { cookie: verified.cookie });
    expect(res.status).toBe(404);
  });
});

describe('upload allowance', () => {
  it('takes 100 files an hour per account, then answers 429 until the hour has passed', async () => {
    // The counters read the time from Date.now(), as their stores do; the app's clock follows it.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T10:00:00.000Z') });
    const limited = await createTestApp({ rateLimits: 'on' });
    try {
      const first = await registerUser(limited.app, { role: 'homeowner' });
      const second = await registerUser(limited.app, { role: 'homeowner' });
      const bill = (cookie: string) => upload(limited, '/api/upload-document', { cookie, field: 'document', bytes: FILES.pdf(), name: 'bill.pdf' });
      for (let i = 0; i < 100; i++) expect((await bill(first.cookie)).status).toBe(201);

      const refused = await bill(first.cookie);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ message: 'Too many attempts. Please try again in 60 minutes.' });
      expect((await bill(second.cookie)).status).toBe(201);

      vi.setSystemTime(new Date('2026-11-22T11:00:00.000Z'));
      expect((await bill(first.cookie)).status).toBe(201);
    } finally {
      await limited.close();
      vi.useRealTimers();
    }
  });
});
