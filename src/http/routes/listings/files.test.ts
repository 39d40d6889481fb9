import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from '../../../contract/blob-keys';
import { newBlobKey, variantKey } from '../../../blobs/keys';
import { send } from '../../../testing/admins';
import { FILES, rootSession, uploadBill, uploadImage, verifiedHomeowner } from '../../../testing/listings';
import type { TestApp } from '../../../testing/test-app';
import { createTestApp } from '../../../testing/test-app';
import { registerUser } from '../../../testing/user-session';

let t: TestApp;
let now = new Date('2026-11-22T10:00:00.000Z');
let homeowner: { cookie: string; user: { id: string } };
let realtor: { cookie: string };
let admin: string;
let imageKey: string;
let billKey: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  admin = await rootSession(t);
  homeowner = await verifiedHomeowner(t, admin);
  realtor = await registerUser(t.app, { role: 'realtor' });
  imageKey = await uploadImage(t, homeowner.cookie, FILES.jpeg(100));
  billKey = await uploadBill(t, homeowner.cookie);
});

afterAll(async () => {
  await t.close();
});

const get = (path: string, cookie?: string) => send(t, 'GET', path, cookie ? { cookie } : {});
const urlOf = async (res: Response) => ((await res.json()) as { url: string }).url;
const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message;

const TRAVERSALS = [
  '..%2F..%2Fevents.db',
  'images%2F..%2Fbills%2F0b7f0c1e-6f57-4a4e-9d7e-2f0a5c1d9e01.pdf',
  '%2Fetc%2Fpasswd',
  'images%5C0b7f0c1e-6f57-4a4e-9d7e-2f0a5c1d9e01.png',
  '%252e%252e%252fevents.db',
  'images%2F%2e%2e%2Fsecret.png',
];

describe('GET /api/proxy-image/{imageKey}', () => {
  it('answers a short-lived address that serves the image to anyone signed in', async () => {
    for (const cookie of [homeowner.cookie, realtor.cookie, admin]) {
      const res = await get(`/api/proxy-image/${encodeURIComponent(imageKey)}`, cookie);
      expect(res.status).toBe(200);
      const file = await t.app.request(await urlOf(res));
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/jpeg');
      expect(new Uint8Array(await file.arrayBuffer())).toEqual((await t.deps.blobs.get(imageKey))?.bytes);
    }
  });

  it('strips a leading /api/images/ prefix, and takes the key unencoded too', async () => {
    expect((await get(`/api/proxy-image/${encodeURIComponent(`/api/images/${imageKey}`)}`, realtor.cookie)).status).toBe(200);
    expect((await get(`/api/proxy-image/${imageKey}`, realtor.cookie)).status).toBe(200);
  });

  it('never serves a bill, even to its owner', async () => {
    const res = await get(`/api/proxy-image/${encodeURIComponent(billKey)}`, homeowner.cookie);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Image not found' });
  });

  it('refuses keys that try to leave their folder with 400', async () => {
    for (const key of TRAVERSALS) {
      const res = await get(`/api/proxy-image/${key}`, realtor.cookie);
      expect(res.status, key).toBe(400);
      expect(await res.json()).toEqual({ message: 'Invalid file key' });
    }
  });

  it('needs a session', async () => {
    expect((await get(`/api/proxy-image/${encodeURIComponent(imageKey)}`)).status).toBe(401);
  });
});

describe('images come from our own origin only (issue 11)', () => {
  it("sends a CSP whose img-src is 'self' plus in-page previews, and image addresses on this site", async () => {
    const csp = (await t.app.request('/healthz')).headers.get('content-security-policy') ?? '';
    const imgSrc = csp.split(';').map((part) => part.trim()).find((part) => part.startsWith('img-src'));
    expect(imgSrc).toBe("img-src 'self' data: blob:");
    const url = await urlOf(await get(`/api/proxy-image/${encodeURIComponent(imageKey)}`, realtor.cookie));
    expect(url.startsWith('/api/files/')).toBe(true);
  });
});

describe('GET /api/files/{key} (signed addresses)', () => {
  it('works until the address expires, then answers 403', async () => {
    const url = await urlOf(await get(`/api/proxy-image/${encodeURIComponent(imageKey)}`, realtor.cookie));
    const start = now;
    try {
      now = new Date(start.getTime() + 2 * 60 * 60 * 1000);
      expect((await t.app.request(url)).status).toBe(200);
      now = new Date(start.getTime() + 2 * 60 * 60 * 1000 + 1000);
      const expired = await t.app.request(url);
      expect(expired.status).toBe(403);
      expect(await messageOf(expired)).toBe('This file address has expired');
    } finally {
      now = start;
    }
  });

  it('refuses an address without a valid signature, and a traversal key', async () => {
    const url = await urlOf(await get(`/api/proxy-image/${encodeURIComponent(imageKey)}`, realtor.cookie));
    const forged = url.replace(encodeURIComponent(imageKey), encodeURIComponent(billKey));
    expect((await t.app.request(forged)).status).toBe(403);
    expect((await t.app.request(url.replace(/signature=[0-9a-f]+/, `signature=${'0'.repeat(64)}`))).status).toBe(403);
    expect((await t.app.request(`/api/files/${encodeURIComponent(imageKey)}`)).status).toBe(403);
    for (const key of TRAVERSALS) expect((await t.app.request(`/api/files/${key}?expires=9999999999&signature=${'0'.repeat(64)}`)).status, key).toBe(400);
  });
});

describe('GET /api/files/{key}?w= (sized copies, decision 0054)', () => {
  const signed = async (key: string) => urlOf(await get(`/api/proxy-image/${encodeURIComponent(key)}`, realtor.cookie));

  it('serves the WebP copy of each width with the address of the picture', async () => {
    const url = await signed(imageKey);
    for (const width of IMAGE_WIDTHS) {
      const res = await t.app.request(`${url}&w=${width}`);
      expect(res.status, String(width)).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(new Uint8Array(await res.arrayBuffer())).toEqual((await t.deps.blobs.get(variantKey(imageKey, width)))?.bytes);
    }
  });

  it('serves the picture itself when it was stored before there were copies', async () => {
    const older = newBlobKey('images', 'png');
    await t.deps.blobs.put(older, FILES.png(), 'image/png');
    const url = await signed(older);
    for (const query of ['&w=400', '&w=800', '&w=1600', '']) {
      const res = await t.app.request(`${url}${query}`);
      expect(res.status, query).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(FILES.png());
    }
  });

  it('refuses any other width with 400, and a copy without a valid signature with 403', async () => {
    const url = await signed(imageKey);
    for (const width of ['401', '0', '-400', 'big', '']) {
      const res = await t.app.request(`${url}&w=${width}`);
      expect(res.status, width).toBe(400);
      expect(await res.json()).toEqual({ message: 'Image width must be one of 400, 800, 1600' });
    }
    expect((await t.app.request(`${url.replace(/signature=[0-9a-f]+/, `signature=${'0'.repeat(64)}`)}&w=400`)).status).toBe(403);
    // A copy's own key is no file address: only the picture's address reaches it.
    expect((await t.app.request(`/api/files/${encodeURIComponent(variantKey(imageKey, 400))}?expires=9999999999&signature=${'0'.repeat(64)}`)).status).toBe(400);
  });

  it('serves a bill whole, whatever width is asked for', async () => {
    const { items: queue } = (await (await get('/api/admin/verifications', admin)).json()) as { items: Array<{ userId: string; utilityBillUrl: string }> };
    const submitted = queue.find((row) => row.userId === homeowner.user.id)?.utilityBillUrl ?? '';
    const res = await get(`/api/admin/verification-document/${encodeURIComponent(submitted)}`, admin);
    const file = await t.app.request(`${await urlOf(res)}&w=400`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
  });
});

describe('GET /api/admin/verification-document/{encodedKey}', () => {
  it('gives an administrator an address for a submitted bill, valid for 5 minutes', async () => {
    const { items: queue } = (await (await get('/api/admin/verifications', admin)).json()) as { items: Array<{ userId: string; utilityBillUrl: string }> };
    const submitted = queue.find((row) => row.userId === homeowner.user.id)?.utilityBillUrl ?? '';
    const res = await get(`/api/admin/verification-document/${encodeURIComponent(submitted)}`, admin);
    expect(res.status).toBe(200);
    const url = await urlOf(res);
    expect(url).toContain(`expires=${Math.floor(now.getTime() / 1000) + 300}`);
    const bill = await t.app.request(url);
    expect(bill.headers.get('content-type')).toBe('application/pdf');
    // A bill only downloads: a PDF opened inline could run its scripts in the reviewer's browser.
    expect(bill.headers.get('content-disposition')).toBe('attachment; filename="document.pdf"');
    const start = now;
    try {
      now = new Date(start.getTime() + 301 * 1000);
      expect((await t.app.request(url)).status).toBe(403);
    } finally {
      now = start;
    }
  });

  it('answers 404 for a bill nobody submitted, and 400 for a traversal key', async () => {
    expect((await get(`/api/admin/verification-document/${encodeURIComponent(billKey)}`, admin)).status).toBe(404);
    expect((await get(`/api/admin/verification-document/${encodeURIComponent(imageKey)}`, admin)).status).toBe(404);
    expect((await get(`/api/admin/verification-document/..%2F..%2Fevents.db`, admin)).status).toBe(400);
  });

  it('is for administrators only', async () => {
    expect((await get(`/api/admin/verification-document/${encodeURIComponent(billKey)}`, homeowner.cookie)).status).toBe(401);
  });
});
