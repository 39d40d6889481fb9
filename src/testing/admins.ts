import { adminDecider } from '../domain/admin/decide';
import type { AdminId } from '../domain/admin/events';
import { adminStreamId, toAdminId } from '../domain/admin/events';
import type { CreatableAdminRole } from '../contract/admin/admins';
import { handleCommand } from '../domain/shared/command-handler';
import { bootstrapAdmin } from '../http/admin-bootstrap';
import { hashPassword } from '../http/platform/passwords';
import type { TestApp } from './test-app';
import { TEST_ORIGIN } from './test-app';

export const ROOT = { username: 'root', password: 'root-password', email: 'root@example.com' } as const;

/** The first super_admin, as the first boot creates it from the environment. */
export async function seedSuperAdmin(t: TestApp): Promise<AdminId> {
  const outcome = await bootstrapAdmin({
    eventStore: t.deps.eventStore,
    readStore: t.deps.readStore,
    projections: t.runner,
    logger: t.logger,
    clock: t.deps.clock,
    env: { ADMIN_USERNAME: ROOT.username, ADMIN_PASSWORD: ROOT.password, ADMIN_EMAIL: ROOT.email },
  });
  if (outcome.status !== 'created') throw new Error(`No super_admin created: ${outcome.status}`);
  return outcome.adminId;
}

/** An administrator created by `createdBy`, straight through the decider (routes are tested on their own). */
export async function seedAdmin(
  t: TestApp,
  createdBy: AdminId,
  admin: { username: string; password: string; role: CreatableAdminRole },
): Promise<AdminId> {
  const adminId = toAdminId(crypto.randomUUID());
  const { position } = await handleCommand(t.deps.eventStore, adminStreamId(adminId), adminDecider, {
    type: 'CreateAdmin',
    adminId,
    username: admin.username,
    name: `${admin.username} name`,
    email: `${admin.username}@example.com`,
    role: admin.role,
    passwordHash: await hashPassword(admin.password),
    actor: { id: createdBy, role: 'super_admin' },
    at: t.deps.clock().toISOString(),
  });
  await t.runner.waitFor(position);
  return adminId;
}

/** The request's origin as the activity log records it. */
export const CLIENT = { ip: '203.0.113.7', userAgent: 'AdminPortalTest/1.0' } as const;

/** What @hono/node-server hands the app for a request from CLIENT.ip: the address is the TCP peer's. */
const FROM_CLIENT = { incoming: { socket: { remoteAddress: CLIENT.ip, remotePort: 51234, remoteFamily: 'IPv4' } } };

/** A JSON request as a browser on this site sends it from CLIENT, with the given cookie. */
export function send(t: TestApp, method: string, path: string, options: { cookie?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { origin: TEST_ORIGIN, 'user-agent': CLIENT.userAgent };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  return t.app.request(path, { method, headers, ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}) }, FROM_CLIENT);
}

/** The `name=value` part of a response's Set-Cookie for `name`. */
export function cookieFrom(res: Response, name: string): string {
  const cookie = res.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
  if (!cookie) throw new Error(`No ${name} cookie in the answer`);
  return cookie.split(';')[0] ?? '';
}

export async function signInAdmin(t: TestApp, username: string, password: string): Promise<string> {
  const res = await send(t, 'POST', '/api/admin/login', { body: { username, password } });
  if (res.status !== 200) throw new Error(`Admin sign-in failed: ${res.status} ${await res.text()}`);
  return cookieFrom(res, 'admin_session');
}

/** Registers a user through the users' own route and returns their id and session cookie. */
export async function registerUser(t: TestApp, username: string, name = 'Jane Doe'): Promise<{ userId: string; cookie: string }> {
  const res = await send(t, 'POST', '/api/register', {
    body: { username, password: 'Secret123', email: `${username}@example.com`, name, role: 'realtor' },
  });
  if (res.status !== 201) throw new Error(`Registration failed: ${res.status} ${await res.text()}`);
  const user = (await res.json()) as { id: string };
  return { userId: user.id, cookie: cookieFrom(res, 'session') };
}
