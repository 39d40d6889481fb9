import { photoLike } from '../src/testing/images';

/*
 * What `npm run lighthouse` measures against: a marketplace with listings that
 * have real uploaded photos (so the image pipeline's 400/800/1600 px copies
 * exist), bids on some of them for /market, and a signed-in realtor for /home.
 * Everything goes through the HTTP API, as people and an administrator would.
 */

export const seedAdmin = { username: 'lighthouse_root', password: 'Lighthouse-root-2026', email: 'root@lighthouse.test' } as const;

const owner = { username: 'olive_owner', password: 'Homeowner1', name: 'Olive Owner', email: 'olive@lighthouse.test', role: 'homeowner' } as const;
const realtor = { username: 'remy_realtor', password: 'Realtor123', name: 'Remy Realtor', email: 'remy@lighthouse.test', role: 'realtor' } as const;

const LISTINGS = 12;
const PHOTOS = 4;
const TOWNS = ['Toronto, ON', 'Ottawa, ON', 'Hamilton, ON', 'Kingston, ON'];
const TYPES = ['house', 'condo', 'townhouse', 'apartment'] as const;

/** A client with one session, like a browser tab: keeps the cookies its answers set. */
class Session {
  private cookies = new Map<string, string>();
  constructor(private readonly baseUrl: string) {}

  get cookie(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async call<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown | FormData): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', Origin: this.baseUrl };
    if (this.cookies.size > 0) headers.Cookie = this.cookie;
    const form = body instanceof FormData;
    if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return (text === '' ? undefined : JSON.parse(text)) as T;
  }

  upload<T>(path: string, field: string, name: string, type: string, bytes: Uint8Array<ArrayBuffer>): Promise<T> {
    const form = new FormData();
    form.set(field, new Blob([bytes], { type }), name);
    return this.call<T>('POST', path, form);
  }
}

/** Seeds the running product at `baseUrl`; answers the signed-in realtor's Cookie header. */
export async function seedMarketplace(baseUrl: string, log: (line: string) => void): Promise<{ realtorCookie: string }> {
  const admin = new Session(baseUrl);
  await admin.call('POST', '/api/admin/login', { username: seedAdmin.username, password: seedAdmin.password });

  const home = new Session(baseUrl);
  await home.call('POST', '/api/register', owner);
  const bill = await home.upload<{ documentUrl: string }>('/api/upload-document', 'document', 'bill.jpg', 'image/jpeg', await photoLike(400, 600));
  await home.call('POST', '/api/verification/submit', { documentUrl: bill.documentUrl });
  const { items } = await admin.call<{ items: Array<{ id: string; userEmail: string }> }>(
    'GET',
    `/api/admin/verifications?status=pending&search=${encodeURIComponent(owner.email)}`,
  );
  const pending = items.find((row) => row.userEmail === owner.email);
  if (pending === undefined) throw new Error('The homeowner has no pending verification');
  await admin.call('POST', `/api/admin/verifications/${pending.id}/approve`);

  log(`Uploading ${PHOTOS} photos (1600×1200 JPEG) and listing ${LISTINGS} properties...`);
  const photos = await Promise.all(Array.from({ length: PHOTOS }, () => photoLike(1600, 1200)));
  const keys: string[] = [];
  for (const [index, photo] of photos.entries()) {
    const { imageKey } = await home.upload<{ imageKey: string }>('/api/upload-property-image', 'image', `photo-${index}.jpg`, 'image/jpeg', photo);
    keys.push(imageKey);
  }
  const listings: string[] = [];
  for (let i = 0; i < LISTINGS; i += 1) {
    const created = await home.call<{ id: string }>('POST', '/api/properties', {
      title: `${['Sunny', 'Quiet', 'Modern', 'Classic'][i % 4]} ${TYPES[i % TYPES.length]} near the park ${i + 1}`,
      description: 'A bright home with a garden, close to shops, schools and transit. Renovated kitchen, hardwood floors throughout.',
      propertyType: TYPES[i % TYPES.length],
      bedrooms: 2 + (i % 3),
      bathrooms: 1 + (i % 2),
      address: `${10 + i} Maple Street`,
      location: TOWNS[i % TOWNS.length],
      images: [keys[i % keys.length], keys[(i + 1) % keys.length]],
    });
    listings.push(created.id);
  }

  const agent = new Session(baseUrl);
  await agent.call('POST', '/api/register', realtor);
  const licence = await agent.upload<{ documentUrl: string }>('/api/upload-document', 'document', 'licence.jpg', 'image/jpeg', await photoLike(400, 600));
  const own = await agent.call<{ userId: string }>('GET', '/api/realtor-profile');
  await agent.call('POST', '/api/realtor-profile', {
    brokerageName: 'Maple Realty',
    licenseNumber: 'L-100200',
    yearsOfExperience: 8,
    serviceAreas: ['Downtown'],
    specialties: ['Condos'],
    commissionRate: '2.5%',
    additionalServices: [],
    about: 'Helping families find their next home for eight years.',
    verificationDocumentUrl: licence.documentUrl,
  });
  await admin.call('POST', `/api/admin/realtor-profiles/${own.userId}/approve`);
  // Bids cost a credit each: an administrator grants some, so /market has figures to show.
  await admin.call('PUT', `/api/admin/users/${own.userId}`, { credits: 10 });
  let bids = 0;
  for (const id of listings.slice(0, 4)) {
    try {
      await agent.call('POST', `/api/properties/${id}/bid`, { amount: 5000 + bids * 250, message: 'I sell homes like this one within a month.' });
      bids += 1;
    } catch (error) {
      log(`(bid not placed: ${(error as Error).message.slice(0, 120)})`);
      break;
    }
  }
  log(`Seeded ${LISTINGS} listings, ${bids} bids, a signed-in realtor`);
  return { realtorCookie: agent.cookie };
}
