import { readFile } from 'node:fs/promises';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../testing/api-schema.gen';
import { API_TYPES_FILE, apiDocument, apiTypesSource } from '../../testing/api-types';
import { ROOT, seedSuperAdmin } from '../../testing/admins';
import { approveRealtor } from '../../testing/bidding';
import { uploadBill } from '../../testing/listings';
import type { TestApp } from '../../testing/test-app';
import { createTestApp, TEST_ORIGIN } from '../../testing/test-app';
import { sessionCookie } from '../../testing/user-session';

/*
 * The API description and the server cannot drift apart: the document passes
 * a standard linter, the TypeScript a client generates from it is the one
 * committed (`npm run api:types`), and a client typed by it walks a journey
 * through the real app. A route whose answer or body no longer matches its
 * description fails the type check or this journey.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedSuperAdmin(t);
});

afterAll(async () => {
  await t.close();
});

/** A client as an outside developer would generate it, sending requests to the app in this process. */
function client(cookie?: string) {
  return createClient<paths>({
    baseUrl: TEST_ORIGIN,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    fetch: (request) => Promise.resolve(t.app.request(request)),
  });
}

function cookieOf(response: Response, name = 'session'): string {
  const cookie = sessionCookie(response, name);
  if (!cookie) throw new Error(`no ${name} cookie`);
  return cookie;
}

describe('the API description', () => {
  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    // As a deployment serves it: its servers entry is PUBLIC_URL (a reserved .test name here), never localhost.
    const problems = await lintFromString({ source: JSON.stringify(apiDocument('https://bidhome.test')), absoluteRef: 'openapi.json', config });
    expect(problems.map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? ''}`)).toEqual([]);
  });

  it('is the one the committed client types were generated from (run `npm run api:types` after changing the API)', async () => {
    expect(await apiTypesSource()).toBe(await readFile(API_TYPES_FILE, 'utf8'));
  });

  it('carries a typed client through a journey: register, list, bid', async () => {
    // A homeowner registers and proves ownership; an administrator approves.
    const homeownerRegistered = await client().POST('/api/register', {
      body: { username: 'typed_owner', password: 'Secret123', email: 'typed_owner@example.com', name: 'Tia Owner', role: 'homeowner' },
    });
    expect(homeownerRegistered.response.status).toBe(201);
    const owner = cookieOf(homeownerRegistered.response);
    const documentUrl = await uploadBill(t, owner);
    expect((await client(owner).POST('/api/verification/submit', { body: { documentUrl } })).response.status).toBe(200);

    const adminLogin = await client().POST('/api/admin/login', { body: { username: ROOT.username, password: ROOT.password } });
    const admin = cookieOf(adminLogin.response, 'admin_session');
    const queue = await client(admin).GET('/api/admin/verifications', { params: { query: { status: 'pending' } } });
    const submission = queue.data?.items.find((row) => row.userEmail === 'typed_owner@example.com');
    expect(submission).toBeDefined();
    const approved = await client(admin).POST('/api/admin/verifications/{id}/approve', { params: { path: { id: submission?.id ?? '' } } });
    expect(approved.response.status).toBe(200);

    // The owner lists a property; the answer is the described listing.
    const listed = await client(owner).POST('/api/properties', {
      body: { title: 'Typed house', description: 'Listed through a generated client.', propertyType: 'house', bedrooms: 3, bathrooms: 2, address: '1 Typed Lane', location: 'Toronto, ON' },
    });
    expect(listed.response.status).toBe(201);
    const property = listed.data;
    expect(property?.title).toBe('Typed house');

    // A realtor registers, is vetted and given credits, and bids.
    const realtorRegistered = await client().POST('/api/register', {
      body: { username: 'typed_realtor', password: 'Secret123', email: 'typed_realtor@example.com', name: 'Rae Agent', role: 'realtor', phone: '+14165550100' },
    });
    const realtor = cookieOf(realtorRegistered.response);
    const realtorId = realtorRegistered.data && 'id' in realtorRegistered.data ? String(realtorRegistered.data.id) : '';
    // Only approved realtors bid; the licence review has its own tests (realtor-verification.test.ts).
    await approveRealtor(t, realtorId);
    const credited = await client(admin).PUT('/api/admin/users/{userId}', { params: { path: { userId: realtorId } }, body: { credits: 3 } });
    expect(credited.response.status).toBe(200);

    const bid = await client(realtor).POST('/api/properties/{id}/bid', { params: { path: { id: property?.id ?? '' } }, body: { amount: 250, message: 'I know this street well.' } });
    expect(bid.response.status).toBe(201);
    expect(bid.data).toMatchObject({ propertyId: property?.id, amount: 250 });

    // The owner sees it; a refusal comes back as the described error.
    const bids = await client(owner).GET('/api/properties/{id}/bids', { params: { path: { id: property?.id ?? '' } } });
    expect(bids.data?.map((row) => row.amount)).toEqual([250]);
    const again = await client(realtor).POST('/api/properties/{id}/bid', { params: { path: { id: property?.id ?? '' } }, body: { amount: 300 } });
    expect(again.response.status).toBe(409);
    expect(typeof again.error?.message).toBe('string');
  });
});
