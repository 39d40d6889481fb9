import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { SeedUser } from './admin';
import { adminApi, pendingVerificationOf } from './listings';

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
