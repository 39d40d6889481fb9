import type { Page } from 'playwright-core';
import { startTestServer, type TestServer } from './server';

/** The super_admin a fresh test server creates on its first boot. */
export const superAdmin = {
  username: 'root',
  password: 'Root-pass-2024',
  email: 'root@bidhome.test',
  /** The bootstrap gives the first administrator this name. */
  name: 'Administrator',
} as const;

/** A test server whose first boot bootstraps `superAdmin`; `env` adds or overrides variables. */
export function startAdminTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  return startTestServer({
    ADMIN_USERNAME: superAdmin.username,
    ADMIN_PASSWORD: superAdmin.password,
    ADMIN_EMAIL: superAdmin.email,
    ...env,
  });
}

/** Fills and submits the admin login form on /admin, then waits for the portal. */
export async function signInAsAdmin(page: Page, credentials: { username: string; password: string }): Promise<void> {
  await page.getByLabel('Username').fill(credentials.username);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('tab', { name: 'Users' }).waitFor();
}

export type SeedUser = { username: string; password: string; name: string; email: string; role: 'homeowner' | 'realtor' };

/** Registers a user straight through the API (a server-side client: no Origin, no cookies kept). */
export async function registerUser(baseURL: string, user: SeedUser): Promise<void> {
  const response = await fetch(`${baseURL}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(user),
  });
  if (!response.ok) throw new Error(`Registering ${user.username} answered ${response.status}: ${await response.text()}`);
}

