import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/* People, sign-in by API and the sign-in form, for the account journeys (auth-journeys.test.ts, auth-redirects.test.ts). */

let sequence = 0;
export function newPerson(role: 'homeowner' | 'realtor' = 'homeowner') {
  sequence += 1;
  const username = `${role}_${Date.now().toString(36)}_${sequence}`;
  return { username, email: `${username}@example.com`, name: 'Jamie Rivera', password: 'Sunny-Porch-42', role };
}
export type Person = ReturnType<typeof newPerson>;

/** Registers through the API, from outside any browser page (so the page stays a guest). */
export async function registerByApi(baseUrl: string, person: Person): Promise<void> {
  const response = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl },
    body: JSON.stringify(person),
  });
  expect(response.status).toBe(201);
}

export const siteHeader = (page: Page) => page.getByRole('banner');
export const verificationBanner = (page: Page) => page.getByRole('region', { name: 'Email verification' });
export const pathOf = (page: Page) => new URL(page.url()).pathname;
export const waitForPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);

export async function fillRegisterForm(page: Page, person: Person): Promise<void> {
  await page.getByRole('tab', { name: 'Register' }).click();
  if (person.role === 'realtor') await page.getByText('Realtor', { exact: true }).click();
  await page.getByLabel('Full name').fill(person.name);
  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
}

export async function logInWithForm(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}
