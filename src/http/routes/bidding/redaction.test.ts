import { describe, expect, it } from 'vitest';
import { approveRealtor, listProperty, placeBid, registerHomeowner, registerRealtor, registerUnvettedRealtor, testClock } from '../../../testing/bidding';
import type { TestApp } from '../../../testing/test-app';
import { testAppPerTest } from '../../../testing/test-app';
import { sendJson } from '../../../testing/user-session';

/*
 * ARCHITECTURE decision 9: a realtor's email and phone leave the server for a
 * homeowner only after the bidding period closed AND that homeowner selected
 * that realtor's bid. This test calls every GET route a homeowner may call (the
 * app's own route table, so a route added later is covered too), keeps the raw
 * answer text, and searches it for each realtor's email and phone.
 */

const app = testAppPerTest();
const closes = '2026-12-06T10:00:00.000Z';

/** Every GET /api route outside the back office, with its parameters filled in. */
function homeownerRoutes(t: TestApp, params: Record<string, string[]>): string[] {
  const patterns = [...new Set(t.app.routes.filter((r) => r.method === 'GET' && r.path.startsWith('/api/') && !r.path.startsWith('/api/admin')).map((r) => r.path))];
  return patterns.flatMap((pattern) => {
    let paths = [pattern];
    for (const match of pattern.matchAll(/:(\w+)(\{[^}]*\})?/g)) {
      const values = params[match[1] ?? ''] ?? ['x'];
      paths = paths.flatMap((path) => values.map((value) => path.replace(match[0], encodeURIComponent(value))));
    }
    return paths;
  });
}

async function collect(t: TestApp, cookie: string, params: Record<string, string[]>): Promise<Map<string, string>> {
  const answers = new Map<string, string>();
  for (const path of homeownerRoutes(t, params)) {
    const res = await sendJson(t.app, 'GET', path, undefined, cookie);
    answers.set(path, await res.text());
  }
  return answers;
}

/** The routes whose answers contain any of `secrets`. */
function leaks(answers: Map<string, string>, secrets: string[]): string[] {
  return [...answers].filter(([, text]) => secrets.some((secret) => text.includes(secret))).map(([path]) => path);
}

describe('realtor contact details reaching homeowners', () => {
  it('stay on the server until the owner selected the bid after the close, and then only for that realtor', async () => {
    const clock = testClock();
    const t = await app({ now: clock.now });
    const owner = await registerHomeowner(t);
    const stranger = await registerHomeowner(t);
    const chosen = await registerRealtor(t, 2, { phone: '+14165550122' });
    const other = await registerRealtor(t, 2, { phone: '+14165550133' });
    const propertyId = await listProperty(t, owner.user.id, { biddingEndsAt: closes });
    const elsewhere = await listProperty(t, owner.user.id, { biddingEndsAt: '2026-12-20T10:00:00.000Z' });
    const chosenBid = (await (await placeBid(t, chosen.cookie, propertyId, { amount: 150, message: 'Call me' })).json()) as { id: string };
    const otherBid = (await (await placeBid(t, other.cookie, propertyId, { amount: 200 })).json()) as { id: string };
    await placeBid(t, chosen.cookie, elsewhere, { amount: 150 });
    await sendJson(t.app, 'POST', '/api/realtor-profile', { serviceAreas: ['York'], specialties: ['Condos'], commissionRate: '2%' }, chosen.cookie);

    const chosenSecrets = [chosen.input.email, '+14165550122', '4165550122'];
    const otherSecrets = [other.input.email, '+14165550133', '4165550133'];
    const params = { id: [propertyId, elsewhere], realtorId: [chosen.user.id, other.user.id], bidId: [chosenBid.id, otherBid.id], type: ['tos_homeowner'] };

    // Bidding open.
    for (const cookie of [owner.cookie, stranger.cookie]) {
      const answers = await collect(t, cookie, params);
      expect(answers.size).toBeGreaterThan(8);
      expect(leaks(answers, [...chosenSecrets, ...otherSecrets])).toEqual([]);
    }

    // Bidding closed, nothing selected yet.
    clock.set('2026-12-06T10:00:01.000Z');
    for (const cookie of [owner.cookie, stranger.cookie]) {
      expect(leaks(await collect(t, cookie, params), [...chosenSecrets, ...otherSecrets])).toEqual([]);
    }

    // The owner selects: the chosen realtor's contact reaches that owner, in the bid list and the profile only.
    const selected = await sendJson(t.app, 'POST', `/api/properties/${propertyId}/select-bid`, { bidId: chosenBid.id }, owner.cookie);
    const selectedText = await selected.text();
    expect(selectedText).toContain(chosen.input.email);
    expect(otherSecrets.some((secret) => selectedText.includes(secret))).toBe(false);
    const forOwner = await collect(t, owner.cookie, params);
    expect(leaks(forOwner, chosenSecrets).sort()).toEqual([`/api/properties/${propertyId}/bids`, `/api/realtor-profile/${chosen.user.id}`].sort());
    expect(leaks(forOwner, otherSecrets)).toEqual([]);
    expect(leaks(await collect(t, stranger.cookie, params), [...chosenSecrets, ...otherSecrets])).toEqual([]);
  });

  it('keep the realtor’s name, brokerage and licence from homeowners until the owner chose that realtor, like the contact', async () => {
    const clock = testClock();
    const t = await app({ now: clock.now });
    const owner = await registerHomeowner(t);
    const stranger = await registerHomeowner(t);
    const chosen = await registerUnvettedRealtor(t, 2, { name: 'Quentin Quill' });
    const other = await registerUnvettedRealtor(t, 2, { name: 'Ursula Umber' });
    await sendJson(t.app, 'POST', '/api/realtor-profile', { brokerageName: 'Quill Realty', licenseNumber: 'LIC-7731', serviceAreas: ['York'], specialties: ['Condos'], commissionRate: '2%' }, chosen.cookie);
    await sendJson(t.app, 'POST', '/api/realtor-profile', { brokerageName: 'Umber Homes', licenseNumber: 'LIC-4402', serviceAreas: ['York'], specialties: ['Condos'], commissionRate: '2%' }, other.cookie);
    // Their licences approved, as an administrator would once the profiles are complete.
    await approveRealtor(t, chosen.user.id);
    await approveRealtor(t, other.user.id);
    const propertyId = await listProperty(t, owner.user.id, { biddingEndsAt: closes });
    const chosenBid = (await (await placeBid(t, chosen.cookie, propertyId, { amount: 150 })).json()) as { id: string };
    const otherBid = (await (await placeBid(t, other.cookie, propertyId, { amount: 200 })).json()) as { id: string };
    const chosenSecrets = ['Quentin Quill', 'Quill Realty', 'LIC-7731'];
    const otherSecrets = ['Ursula Umber', 'Umber Homes', 'LIC-4402'];
    const params = { id: [propertyId], realtorId: [chosen.user.id, other.user.id], bidId: [chosenBid.id, otherBid.id], type: ['tos_homeowner'] };

    for (const cookie of [owner.cookie, stranger.cookie]) expect(leaks(await collect(t, cookie, params), [...chosenSecrets, ...otherSecrets])).toEqual([]);
    // What a homeowner may weigh before choosing still comes.
    const profile = (await (await sendJson(t.app, 'GET', `/api/realtor-profile/${chosen.user.id}`, undefined, owner.cookie)).json()) as Record<string, unknown>;
    expect(profile).toMatchObject({ userId: chosen.user.id, name: '', brokerageName: '', licenseNumber: '', serviceAreas: ['York'] });
    // A realtor still sees their own bid under their own name.
    expect(await (await sendJson(t.app, 'GET', `/api/properties/${propertyId}/bids`, undefined, chosen.cookie)).text()).toContain('Quentin Quill');

    clock.set('2026-12-06T10:00:01.000Z');
    expect((await sendJson(t.app, 'POST', `/api/properties/${propertyId}/select-bid`, { bidId: chosenBid.id }, owner.cookie)).status).toBe(200);
    const forOwner = await collect(t, owner.cookie, params);
    // The Contact shared card names the chosen realtor too, once chosen.
    expect(leaks(forOwner, ['Quentin Quill']).sort()).toEqual(['/api/contact-shares', `/api/properties/${propertyId}/bids`, `/api/realtor-profile/${chosen.user.id}`].sort());
    expect(leaks(forOwner, ['Quill Realty', 'LIC-7731'])).toEqual([`/api/realtor-profile/${chosen.user.id}`]);
    expect(leaks(forOwner, otherSecrets)).toEqual([]);
    expect(leaks(await collect(t, stranger.cookie, params), [...chosenSecrets, ...otherSecrets])).toEqual([]);
  });
});
