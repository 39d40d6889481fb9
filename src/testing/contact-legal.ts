import { ROOT, seedAdmin, seedSuperAdmin, signInAdmin } from './admins';
import type { TestApp } from './test-app';
import { TEST_ORIGIN } from './test-app';

/** A browser on this site: origin, optional cookie, JSON body, and the socket's peer address. */
export function call(
  t: TestApp,
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown; address?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { origin: TEST_ORIGIN, 'user-agent': 'ContactLegalTest/1.0', ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  // app.request has no socket; these bindings stand in for the connection the address comes from.
  const bindings = { incoming: { socket: { remoteAddress: options.address ?? '203.0.113.7' } } };
  return t.app.request(path, { method, headers, ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}) }, bindings);
}

export type AdminRoleName = 'moderator' | 'admin' | 'super_admin';

/** A session cookie for each administrator role. */
export async function adminSessions(t: TestApp): Promise<Record<AdminRoleName, string> & { rootId: string }> {
  const rootId = await seedSuperAdmin(t);
  await seedAdmin(t, rootId, { username: 'ann', password: 'ann-password', role: 'admin' });
  await seedAdmin(t, rootId, { username: 'mo', password: 'mo-password', role: 'moderator' });
  return {
    rootId,
    super_admin: await signInAdmin(t, 'root', ROOT.password),
    admin: await signInAdmin(t, 'ann', 'ann-password'),
    moderator: await signInAdmin(t, 'mo', 'mo-password'),
  };
}

export const documentInput = (overrides: Record<string, unknown> = {}) => ({
  type: 'tos_homeowner',
  title: 'Homeowner Terms of Service',
  content: 'The terms.',
  version: '1.0',
  effectiveDate: '2026-11-01T09:00',
  ...overrides,
});

/** Creates a legal document through the admin API and returns its answer. */
export async function createDocument(t: TestApp, cookie: string, overrides: Record<string, unknown> = {}): Promise<{ id: number } & Record<string, unknown>> {
  const res = await call(t, 'POST', '/api/admin/legal-documents', { cookie, body: documentInput(overrides) });
  if (res.status !== 201) throw new Error(`Document creation failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: number } & Record<string, unknown>;
}

export async function activateDocument(t: TestApp, cookie: string, id: number): Promise<void> {
  const res = await call(t, 'POST', `/api/admin/legal-documents/${id}/activate`, { cookie });
  if (res.status !== 200) throw new Error(`Activation failed: ${res.status} ${await res.text()}`);
}
