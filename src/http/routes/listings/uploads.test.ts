import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IMAGE_WIDTHS } from '../../../contract/blob-keys';
import { variantKey } from '../../../blobs/keys';
import { uploadsStreamId } from '../../../domain/files/events';
import { send } from '../../../testing/admins';
import { CAMERA_MODEL, hasGpsSection, photoWithGps, pngDeclaring, sidewaysPhoto } from '../../../testing/images';
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

describe('uploaded pictures are decoded, upright, without metadata, and stored with sized copies (decision 0054)', () => {
  const TOO_LARGE_IMAGE = 'This image is too large to process';
  const IMAGE_TYPES = 'Please upload a JPG, PNG, or WebP image';
  const keyOf = async (res: Response) => ((await res.json()) as { imageKey: string }).imageKey;
  const stored = async (key: string) => {
    const blob = await t.deps.blobs.get(key);
    if (!blob) throw new Error(`Nothing stored under ${key}`);
    return blob;
  };
  const avatar = (bytes: Uint8Array<ArrayBuffer>, cookie: string) => upload(t, '/api/upload-profile-image', { cookie, field: 'image', bytes, name: 'me.png' });

  it('refuses a decompression bomb (a PNG declaring 30000×30000 or 10⁶×10⁶ pixels) with 400, as a listing photo and as an avatar', async () => {
    const realtor = await registerUser(t.app, { role: 'realtor' });
    for (const [width, height] of [[30_000, 30_000], [1_000_000, 1_000_000]] as const) {
      const bomb = pngDeclaring(width, height);
      expect(bomb.byteLength).toBeLessThan(10_000);
      for (const res of [await image(bomb, 'bomb.png'), await avatar(bomb, realtor.cookie)]) {
        expect(res.status, `${width}×${height}`).toBe(400);
        expect(await res.json()).toEqual({ message: TOO_LARGE_IMAGE, errors: { image: TOO_LARGE_IMAGE } });
      }
    }
  });

  it('answers a bomb with 400 before asking whether the homeowner may list, and stores nothing', async () => {
    const before = (await t.deps.eventStore.readStream(uploadsStreamId(homeowner.user.id))).length;
    const res = await image(pngDeclaring(30_000, 30_000), 'bomb.png', homeowner.cookie);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(TOO_LARGE_IMAGE);
    expect((await t.deps.eventStore.readStream(uploadsStreamId(homeowner.user.id))).length).toBe(before);
  });

  it('refuses a file that starts like a picture but is none with the type message', async () => {
    for (const [bytes, name] of [[new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Array(60).fill(0)]), 'broken.jpg'], [FILES.png().slice(0, 40), 'cut.png']] as const) {
      const res = await image(bytes, name);
      expect(res.status, name).toBe(400);
      expect(await res.json()).toEqual({ message: IMAGE_TYPES, errors: { image: IMAGE_TYPES } });
    }
  });

  it('keeps no EXIF block, GPS position included, in what it stores and serves', async () => {
    const photo = await photoWithGps();
    const sent = await sharp(photo).metadata();
    expect(hasGpsSection(sent.exif)).toBe(true);
    expect(sent.exif?.includes(CAMERA_MODEL)).toBe(true);

    const res = await image(photo, 'IMG_0001.jpg');
    expect(res.status).toBe(201);
    const key = await keyOf(res);
    const keys = [key, ...IMAGE_WIDTHS.map((width) => variantKey(key, width))];
    for (const storedKey of keys) {
      const { bytes } = await stored(storedKey);
      const metadata = await sharp(bytes).metadata();
      expect(metadata.exif, storedKey).toBeUndefined();
      expect(metadata.xmp, storedKey).toBeUndefined();
      expect(Buffer.from(bytes).includes(CAMERA_MODEL), storedKey).toBe(false);
    }
    const { url } = (await (await send(t, 'GET', `/api/proxy-image/${encodeURIComponent(key)}`, { cookie: verified.cookie })).json()) as { url: string };
    for (const query of ['', '&w=400', '&w=1600']) {
      const served = Buffer.from(await (await t.app.request(`${url}${query}`)).arrayBuffer());
      expect((await sharp(served).metadata()).exif, query).toBeUndefined();
      expect(served.includes('Exif\0\0'), query).toBe(false);
    }
  });

  it('turns a sideways photo (EXIF orientation 6) upright, in the picture and in its copies', async () => {
    const photo = await sidewaysPhoto();
    expect(await sharp(photo).metadata()).toMatchObject({ width: 1200, height: 800, orientation: 6 });
    const key = await keyOf(await image(photo, 'sideways.jpg'));

    const original = await stored(key);
    expect(original.contentType).toBe('image/jpeg');
    const upright = await sharp(original.bytes).metadata();
    expect(upright).toMatchObject({ format: 'jpeg', width: 800, height: 1200 });
    expect(upright.orientation).toBeUndefined();
    // Red was on the left as stored; shown upright, it is on top.
    const { data } = await sharp(original.bytes).resize(2, 2, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(150);
    expect(data[6 + 2]).toBeGreaterThan(150);

    // At most each width, never wider than the picture.
    const sizes = await Promise.all(IMAGE_WIDTHS.map(async (width) => {
      const variant = await stored(variantKey(key, width));
      const { format, width: w, height: h } = await sharp(variant.bytes).metadata();
      return { contentType: variant.contentType, format, width: w, height: h };
    }));
    expect(sizes).toEqual([
      { contentType: 'image/webp', format: 'webp', width: 400, height: 600 },
      { contentType: 'image/webp', format: 'webp', width: 800, height: 1200 },
      { contentType: 'image/webp', format: 'webp', width: 800, height: 1200 },
    ]);
  });

  it('records the size of what it stored', async () => {
    const photo = await photoWithGps();
    const key = await keyOf(await image(photo, 'IMG_0002.jpg'));
    const recorded = (await t.deps.eventStore.readStream(uploadsStreamId(verified.user.id))).map((e) => e.data as { key: string; size: number });
    expect(recorded.find((data) => data.key === key)?.size).toBe((await stored(key)).bytes.byteLength);
  });

  it('stores a bill as sent: it is no picture to resize', async () => {
    const bill = await photoWithGps();
    const key = await uploadBill(t, homeowner.cookie, bill);
    expect(Buffer.from((await stored(key)).bytes).equals(Buffer.from(bill))).toBe(true);
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
