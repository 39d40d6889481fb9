import type { App } from '../http/app';

/** A valid registration; override fields per test. */
export function registration(overrides: Record<string, unknown> = {}) {
  const suffix = crypto.randomUUID().slice(0, 8);
  return { username: `user_${suffix}`, password: 'Secret123', email: `user-${suffix}@example.com`, name: 'Jane Doe', ...overrides };
}

/** The `name=value` pair of a Set-Cookie answer, ready for a Cookie header. */
export function sessionCookie(res: Response, name = 'session'): string | undefined {
  const set = res.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
  return set?.split(';')[0];
}

/** Sends JSON like the web client does (same origin), with an optional Cookie header. */
export function sendJson(app: App, method: string, path: string, body?: unknown, cookie?: string, init: RequestInit = {}) {
  return app.request(path, {
    method,
    ...init,
    headers: {
      'content-type': 'application/json',
      origin: 'http://localhost:3000',
      ...(cookie ? { cookie } : {}),
      ...(init.headers as Record<string, string> | undefined),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** Registers a user and returns its session cookie and the answered user. */
export async function registerUser(app: App, overrides: Record<string, unknown> = {}) {
  const input = registration(overrides);
  const res = await sendJson(app, 'POST', '/api/register', input);
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${await res.text()}`);
  const cookie = sessionCookie(res);
  if (!cookie) throw new Error('registration set no session cookie');
  return { input, cookie, user: (await res.json()) as Record<string, unknown> & { id: string } };
}
