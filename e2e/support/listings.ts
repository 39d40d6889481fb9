import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';

/** A JSON call from the page's context (its cookies), failing loudly on a non-OK answer. */
export async function apiCall<T>(page: Page, baseURL: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(path, { method, headers: { Origin: baseURL }, ...(data === undefined ? {} : { data }) });
  const text = await response.text();
  if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${text}`);
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** Uploads a file as multipart `field` from the page's context; returns the JSON answer. */
export async function uploadFile<T>(page: Page, baseURL: string, path: string, field: string, file: { name: string; mimeType: string; buffer: Buffer }): Promise<T> {
  const response = await page.request.post(path, { headers: { Origin: baseURL }, multipart: { [field]: file } });
  const text = await response.text();
  if (!response.ok()) throw new Error(`POST ${path} answered ${response.status()}: ${text}`);
  return JSON.parse(text) as T;
}

/** A solid-colour PNG, made here so the tests need no image files. */
export function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x += 1) row.set([r, g, b], 1 + x * 3);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body), 0);
  return Buffer.concat([length, body, crc]);
}

/** A call to the admin API with the cookie `adminCookie` answered, failing loudly on a non-OK answer. */
export async function adminApi<T>(baseURL: string, cookie: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseURL}${path}`, {
    method,
    headers: { Accept: 'application/json', Cookie: cookie, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

type AdminVerification = { id: string; userEmail: string; status: string };

/** The pending submission of the homeowner with `email`, as the admin list shows it. */
export async function pendingVerificationOf(baseURL: string, cookie: string, email: string): Promise<AdminVerification> {
  const { items: rows } = await adminApi<{ items: AdminVerification[] }>(baseURL, cookie, 'GET', `/api/admin/verifications?status=pending&search=${encodeURIComponent(email)}`);
  const row = rows.find((candidate) => candidate.userEmail === email && candidate.status === 'pending');
  if (row === undefined) throw new Error(`No pending verification for ${email}`);
  return row;
}

/** Uploads a bill and submits it from the page's session (the API, not the screen). */
export async function submitBillByApi(page: Page, baseURL: string): Promise<void> {
  const bill = await uploadFile<{ documentUrl: string }>(page, baseURL, '/api/upload-document', 'document', {
    name: 'bill.png',
    mimeType: 'image/png',
    buffer: solidPng(40, 60, [240, 240, 240]),
  });
  await apiCall(page, baseURL, 'POST', '/api/verification/submit', { documentUrl: bill.documentUrl });
}

/** Uploads a solid-colour listing photo from the page's session; returns its key. */
export async function uploadPhotoByApi(page: Page, baseURL: string, colour: [number, number, number]): Promise<string> {
  const { imageKey } = await uploadFile<{ imageKey: string }>(page, baseURL, '/api/upload-property-image', 'image', {
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: solidPng(640, 480, colour),
  });
  return imageKey;
}

export type NewListing = {
  title: string;
  description?: string;
  propertyType?: 'house' | 'apartment' | 'condo' | 'townhouse';
  bedrooms?: number;
  bathrooms?: number;
  address?: string;
  location?: string;
  images?: string[];
  biddingEndsAt?: string;
  minBidAmount?: number;
  vibeMetrics?: Record<'cafes' | 'greenery' | 'schools' | 'safety' | 'transit' | 'community', number> | null;
  /** One of the service areas; absent: the location's city when it is one. */
  area?: string | null;
};

/** Lists a property from the page's (verified homeowner's) session; returns its id. */
export async function createListingByApi(page: Page, baseURL: string, listing: NewListing): Promise<string> {
  const created = await apiCall<{ id: string }>(page, baseURL, 'POST', '/api/properties', {
    description: 'A bright home with a garden, close to shops and transit.',
    propertyType: 'house',
    bedrooms: 3,
    bathrooms: 2,
    address: '1 Test Street',
    location: 'Toronto, ON',
    images: [],
    ...listing,
  });
  return created.id;
}

/** What licence verification asks of a realtor's profile (docs/decisions/0050), for realtors who bid in journeys. */
const VETTED_PROFILE = {
  brokerageName: 'Maple Realty',
  licenseNumber: 'L-100200',
  yearsOfExperience: 8,
  serviceAreas: ['Downtown'],
  specialties: ['Condos'],
  commissionRate: '2.5%',
};

/**
 * Gets the realtor signed in on `page` approved, as they and an administrator would through the API: the realtor
 * uploads a licence document and saves a complete profile (keeping what they had filled in), an administrator approves.
 * Only approved realtors bid.
 */
export async function approveRealtorByApi(page: Page, baseURL: string, adminCookie: string): Promise<void> {
  const own = await apiCall<Record<string, unknown> & { userId: string; verificationStatus: string }>(page, baseURL, 'GET', '/api/realtor-profile');
  if (own.verificationStatus === 'approved') return;
  const licence = await uploadFile<{ documentUrl: string }>(page, baseURL, '/api/upload-document', 'document', {
    name: 'licence.png',
    mimeType: 'image/png',
    buffer: solidPng(40, 60, [230, 236, 250]),
  });
  const filled = Object.fromEntries(Object.entries(VETTED_PROFILE).map(([field, fallback]) => [field, isFilled(own[field]) ? own[field] : fallback]));
  await apiCall(page, baseURL, 'POST', '/api/realtor-profile', {
    additionalServices: own.additionalServices ?? [],
    about: own.about ?? '',
    ...filled,
    verificationDocumentUrl: licence.documentUrl,
  });
  await adminApi(baseURL, adminCookie, 'POST', `/api/admin/realtor-profiles/${own.userId}/approve`);
}

const isFilled = (value: unknown) => value !== undefined && value !== null && value !== '' && value !== 0 && !(Array.isArray(value) && value.length === 0);
