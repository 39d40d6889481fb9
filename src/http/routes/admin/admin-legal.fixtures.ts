import { adminSessions, call } from '../../../testing/contact-legal';
import type { TestApp } from '../../../testing/test-app';

/* What the legal-document route tests (admin-legal*.test.ts) share. */

export type AdminDoc = { id: number; type: string; title: string; version: string; isActive: boolean } & Record<string, unknown>;

/** Signs an administrator and a moderator in on an app from the test file's own `testAppPerTest()`. */
export function signedInOn(testApp: (options?: { now?: () => Date }) => Promise<TestApp>) {
  return async (now = () => new Date('2026-11-22T10:00:00.000Z')) => {
    const t = await testApp({ now });
    return { t, ...(await adminSessions(t)) };
  };
}

export type Page<T> = { items: T[]; nextCursor: string | null; total: number };
export const list = async (t: TestApp, cookie: string) => ((await (await call(t, 'GET', '/api/admin/legal-documents', { cookie })).json()) as Page<AdminDoc>).items;
