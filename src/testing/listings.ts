import { ROOT, seedSuperAdmin, send, signInAdmin } from './admins';
import type { TestApp } from './test-app';
import { TEST_ORIGIN } from './test-app';
import { registerUser } from './user-session';

// Real 4×3 pictures (uploaded images are decoded), made with sharp.
const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQI12Nwq9gHRww4OQBV7hHRnlZ/4AAAAABJRU5ErkJggg==';
const TINY_JPEG =
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAADAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAX/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCcBUAf/9k=';
const TINY_WEBP = 'UklGRjIAAABXRUJQVlA4ICYAAACQAQCdASoEAAMAAsBMJaACdLoAA5gA/txR/w5U+nb2PiIRhyIgAA==';
const base64 = (text: string) => [...Buffer.from(text, 'base64')];

/** Small files of each type, padded with zeros to `size` (decoders ignore what follows a picture); PDF and text are their first bytes only. */
export const FILES = {
  png: (size = 64) => withHeader(base64(TINY_PNG), size),
  jpeg: (size = 64) => withHeader(base64(TINY_JPEG), size),
  webp: (size = 64) => withHeader(base64(TINY_WEBP), size),
  pdf: (size = 64) => withHeader(ascii('%PDF-1.7\n'), size),
  text: (size = 64) => withHeader(ascii('just some text, not an image'), size),
};

function ascii(text: string): number[] {
  return [...text].map((ch) => ch.charCodeAt(0));
}

function withHeader(header: number[], size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(Math.max(size, header.length));
  bytes.set(header);
  return bytes;
}

/** A multipart upload as a browser's FormData sends it, with `name` as the file name. */
export function upload(t: Pick<TestApp, 'app'>, path: string, options: { cookie?: string; field: string; bytes: Uint8Array<ArrayBuffer>; name: string; type?: string }) {
  const form = new FormData();
  form.append(options.field, new Blob([options.bytes], { type: options.type ?? 'application/octet-stream' }), options.name);
  return t.app.request(path, { method: 'POST', body: form, headers: { origin: TEST_ORIGIN, ...(options.cookie ? { cookie: options.cookie } : {}) } });
}

/** Uploads a bill and answers its key. */
export async function uploadBill(t: TestApp, cookie: string, bytes = FILES.pdf()): Promise<string> {
  const res = await upload(t, '/api/upload-document', { cookie, field: 'document', bytes, name: 'bill.pdf' });
  if (res.status !== 201) throw new Error(`Bill upload failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { documentUrl: string }).documentUrl;
}

/** Uploads a listing image and answers its key. */
export async function uploadImage(t: TestApp, cookie: string, bytes = FILES.png()): Promise<string> {
  const res = await upload(t, '/api/upload-property-image', { cookie, field: 'image', bytes, name: 'photo.png' });
  if (res.status !== 201) throw new Error(`Image upload failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { imageKey: string }).imageKey;
}

/** Uploads a realtor's profile picture and answers its key. */
export async function uploadAvatar(t: Pick<TestApp, 'app'>, cookie: string, bytes = FILES.jpeg()): Promise<string> {
  const res = await upload(t, '/api/upload-profile-image', { cookie, field: 'image', bytes, name: 'me.jpg' });
  if (res.status !== 201) throw new Error(`Avatar upload failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { imageKey: string }).imageKey;
}

/** The super_admin's session, created once per app. */
export async function rootSession(t: TestApp): Promise<string> {
  await seedSuperAdmin(t);
  return signInAdmin(t, 'root', ROOT.password);
}

/** A homeowner whose bill an administrator approved. */
export async function verifiedHomeowner(t: TestApp, adminCookie: string, overrides: Record<string, unknown> = {}) {
  const homeowner = await registerUser(t.app, { role: 'homeowner', ...overrides });
  const documentUrl = await uploadBill(t, homeowner.cookie);
  const submitted = await send(t, 'POST', '/api/verification/submit', { cookie: homeowner.cookie, body: { documentUrl } });
  if (submitted.status !== 200) throw new Error(`Submission failed: ${submitted.status} ${await submitted.text()}`);
  const { items: queue } = (await (await send(t, 'GET', '/api/admin/verifications?status=pending&sort=newest&limit=100', { cookie: adminCookie })).json()) as { items: Array<{ id: string; userId: string }> };
  const mine = queue.find((row) => row.userId === homeowner.user.id);
  if (!mine) throw new Error('Submission not in the review queue');
  const approved = await send(t, 'POST', `/api/admin/verifications/${mine.id}/approve`, { cookie: adminCookie });
  if (approved.status !== 200) throw new Error(`Approval failed: ${approved.status} ${await approved.text()}`);
  return homeowner;
}

export const propertyInput = (overrides: Record<string, unknown> = {}) => ({
  title: 'Bright family home',
  description: 'Three bedrooms near the park.',
  propertyType: 'house',
  bedrooms: 3,
  bathrooms: 2,
  address: '12 Elm Street',
  location: 'Toronto, ON',
  ...overrides,
});

export interface PropertyAnswer {
  id: string;
  ownerId: string;
  title: string;
  images: string[];
  isActive: boolean;
  bidCount: number;
  biddingEndsAt: string;
  minBidAmount: number;
  vibeMetrics: Record<string, number> | null;
  createdAt: string;
  [field: string]: unknown;
}

/** Lists a property through the API and answers it. */
export async function listProperty(t: TestApp, cookie: string, overrides: Record<string, unknown> = {}): Promise<PropertyAnswer> {
  const res = await send(t, 'POST', '/api/properties', { cookie, body: propertyInput(overrides) });
  if (res.status !== 201) throw new Error(`Listing failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as PropertyAnswer;
}
