import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { registerUser, startAdminTestServer, superAdmin, type SeedUser } from './admin';
import { launchBrowser, openSignedInPage } from './browser';
import { adminCookie } from './legal';
import { adminApi, pendingVerificationOf } from './listings';
import type { TestServer } from './server';

/* The homeowners of the listing journeys (listings.test.ts, homeowner-verification.test.ts). */

export type Person = SeedUser & { phone: string };

export const owner: Person = { username: 'olivia_owner', password: 'Homeowner1', name: 'Olivia Owner', email: 'olivia@example.com', phone: '+14165550111', role: 'homeowner' };

/** Approves the person's pending ownership verification as the administrator. */
export async function approveVerification(baseURL: string, admin: string, person: Person): Promise<void> {
  const row = await pendingVerificationOf(baseURL, admin, person.email);
  await adminApi(baseURL, admin, 'POST', `/api/admin/verifications/${row.id}/approve`);
}

/** Every image on the page has finished loading (skeletons gone). */
export async function waitForImages(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => [...document.images].every((image) => image.complete && image.naturalWidth > 0 && getComputedStyle(image).opacity === '1')))
    .toBe(true);
}

/**
 * For one listing journey file: a server with the back office, `people`
 * registered, a browser and an administrator's cookie (in `journey`, set before
 * the file's first test), closed after its last.
 */
export function homeownerJourney(people: Person[]) {
  const journey = {} as { server: TestServer; browser: Browser; admin: string };
  beforeAll(async () => {
    [journey.server, journey.browser] = await Promise.all([startAdminTestServer(), launchBrowser()]);
    await Promise.all(people.map((person) => registerUser(journey.server.url, person)));
    journey.admin = await adminCookie(journey.server.url, superAdmin);
  });
  afterAll(async () => {
    await journey.browser?.close();
    await journey.server?.stop();
  });
  return {
    journey,
    signedInPage: (person: Person, viewport?: { width: number; height: number }) => openSignedInPage(journey.browser, journey.server.url, person, viewport),
    approve: (person: Person) => approveVerification(journey.server.url, journey.admin, person),
  };
}
