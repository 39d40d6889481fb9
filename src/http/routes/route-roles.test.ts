import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, cookieFrom, seedAdmin, seedSuperAdmin, send, signInAdmin } from '../../testing/admins';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { registerUser } from '../../testing/user-session';
import { API_OPERATIONS } from './api-operations';

/**
 * Every /api route × every role. Bodies are invalid where a route validates,
 * so a request that gets past the guard answers 400 (or 404, 409) and changes
 * nothing: this table shows who gets through; each route's own tests show
 * what happens next. A route missing from the table fails the last test.
 */
type Role = 'guest' | 'homeowner' | 'realtor' | 'moderator' | 'admin' | 'super_admin';
const ROLES: Role[] = ['guest', 'homeowner', 'realtor', 'moderator', 'admin', 'super_admin'];
const EVERYONE = ROLES;
const USERS: Role[] = ['homeowner', 'realtor'];
const ADMINS: Role[] = ['moderator', 'admin', 'super_admin'];

let t: TestApp;
const cookies: Partial<Record<Role, string>> = {};
const signIns: Partial<Record<Role, () => Promise<string>>> = {};
let ids: { admin: string; user: string } = { admin: '', user: '' };

interface RouteCase {
  /** As Hono registers it, e.g. 'PUT /api/admin/users/:userId'. */
  route: string;
  path?: () => string;
  body?: unknown;
  /** Who gets past authentication and authorization. */
  allowed: Role[];
  /** The route ends the session it is sent with: every role signs in anew for it, so the other rows keep theirs. */
  endsSession?: true;
}

const ROUTES: RouteCase[] = [
  // Sessions and accounts
  { route: 'POST /api/register', body: {}, allowed: EVERYONE },
  { route: 'POST /api/login', body: {}, allowed: EVERYONE },
  { route: 'POST /api/logout', allowed: EVERYONE, endsSession: true },
  { route: 'GET /api/user', allowed: USERS },
  { route: 'PUT /api/user/info', body: {}, allowed: USERS },
  { route: 'PUT /api/user/change-password', body: {}, allowed: USERS },
  { route: 'POST /api/forgot-password', body: {}, allowed: EVERYONE },
  { route: 'POST /api/reset-password', body: {}, allowed: EVERYONE },
  { route: 'POST /api/resend-verification', allowed: USERS },
  { route: 'GET /api/verify-email', allowed: EVERYONE },
  // Administrators
  { route: 'POST /api/admin/login', body: {}, allowed: EVERYONE },
  { route: 'POST /api/admin/logout', allowed: EVERYONE, endsSession: true },
  { route: 'GET /api/admin/me', allowed: ADMINS },
  { route: 'GET /api/admin/admin-users', allowed: ADMINS },
  { route: 'POST /api/admin/admin-users', body: {}, allowed: ['super_admin'] },
  { route: 'PUT /api/admin/admin-users/:adminId/password', path: () => `/api/admin/admin-users/${ids.admin}/password`, body: {}, allowed: ['super_admin'] },
  { route: 'POST /api/admin/admin-users/:adminId/deactivate', path: () => '/api/admin/admin-users/no-such-admin/deactivate', allowed: ['super_admin'] },
  { route: 'POST /api/admin/admin-users/:adminId/reactivate', path: () => '/api/admin/admin-users/no-such-admin/reactivate', allowed: ['super_admin'] },
  { route: 'GET /api/admin/users', allowed: ADMINS },
  { route: 'PUT /api/admin/users/:userId', path: () => `/api/admin/users/${ids.user}`, body: { credits: -1 }, allowed: ADMINS },
  { route: 'GET /api/admin/dashboard', allowed: ADMINS },
  { route: 'GET /api/admin/activity', allowed: ADMINS },
  { route: 'GET /api/admin/activity.csv', allowed: ADMINS },
  { route: 'GET /api/admin/timeline/:kind/:id', path: () => '/api/admin/timeline/listing/no-such-listing', allowed: ADMINS },
  // Contact, page views and legal documents
  { route: 'POST /api/prospects', body: {}, allowed: EVERYONE },
  { route: 'POST /api/page-views', body: {}, allowed: EVERYONE },
  { route: 'GET /api/legal-documents/active', allowed: EVERYONE },
  { route: 'GET /api/legal-documents/:type', path: () => '/api/legal-documents/privacy_policy', allowed: EVERYONE },
  { route: 'GET /api/user/pending-agreements', allowed: USERS },
  { route: 'POST /api/user/agreements', body: {}, allowed: USERS },
  { route: 'GET /api/admin/prospects', allowed: ADMINS },
  { route: 'GET /api/admin/prospects.csv', allowed: ADMINS },
  { route: 'GET /api/admin/page-views', allowed: ADMINS },
  { route: 'GET /api/admin/legal-documents', allowed: ADMINS },
  { route: 'POST /api/admin/legal-documents', body: {}, allowed: ADMINS },
  { route: 'PUT /api/admin/legal-documents/:id', path: () => '/api/admin/legal-documents/999', body: {}, allowed: ADMINS },
  { route: 'DELETE /api/admin/legal-documents/:id', path: () => '/api/admin/legal-documents/999', allowed: ADMINS },
  { route: 'POST /api/admin/legal-documents/:id/activate', path: () => '/api/admin/legal-documents/999/activate', allowed: ADMINS },
  { route: 'GET /api/admin/legal-documents/:id/agreements', path: () => '/api/admin/legal-documents/999/agreements', allowed: ADMINS },
  { route: 'GET /api/admin/legal-agreements', allowed: ADMINS },
  // Files, ownership verification and listings
  { route: 'GET /api/files/:key{.+}', path: () => fileUrl, allowed: EVERYONE },
  { route: 'POST /api/upload-document', body: {}, allowed: USERS },
  { route: 'POST /api/upload-property-image', body: {}, allowed: ['homeowner'] },
  { route: 'POST /api/upload-profile-image', body: {}, allowed: ['realtor'] },
  { route: 'GET /api/proxy-image/:imageKey{.+}', path: () => `/api/proxy-image/${encodeURIComponent(SOME_IMAGE)}`, allowed: [...USERS, ...ADMINS] },
  { route: 'POST /api/verification/submit', body: {}, allowed: ['homeowner'] },
  { route: 'GET /api/verification/status', allowed: USERS },
  { route: 'GET /api/admin/verifications', allowed: ADMINS },
  { route: 'POST /api/admin/verifications/:id/approve', path: () => '/api/admin/verifications/no-such/approve', allowed: ADMINS },
  { route: 'POST /api/admin/verifications/approve', body: { ids: [] }, allowed: ADMINS },
  { route: 'POST /api/admin/verifications/:id/reject', path: () => '/api/admin/verifications/no-such/reject', body: {}, allowed: ADMINS },
  { route: 'GET /api/admin/verification-document/:encodedKey{.+}', path: () => `/api/admin/verification-document/${encodeURIComponent(SOME_BILL)}`, allowed: ADMINS },
  { route: 'POST /api/properties', body: {}, allowed: ['homeowner'] },
  { route: 'GET /api/properties', allowed: USERS },
  { route: 'GET /api/properties/:id', path: () => '/api/properties/no-such', allowed: [...USERS, ...ADMINS] },
  { route: 'GET /api/user/properties', allowed: USERS },
  { route: 'PUT /api/properties/:id', path: () => '/api/properties/no-such', body: {}, allowed: ['homeowner'] },
  { route: 'DELETE /api/properties/:id', path: () => '/api/properties/no-such', allowed: ['homeowner'] },
  { route: 'GET /api/admin/properties', allowed: ADMINS },
  { route: 'PUT /api/admin/properties/:id/toggle', path: () => '/api/admin/properties/no-such/toggle', allowed: ADMINS },
  // Bids, credits and realtor profiles
  { route: 'POST /api/properties/:id/bid', path: () => '/api/properties/no-such/bid', body: {}, allowed: ['realtor'] },
  { route: 'PUT /api/bids/:bidId', path: () => '/api/bids/no-such', body: {}, allowed: ['realtor'] },
  { route: 'GET /api/bids', allowed: ['realtor'] },
  { route: 'GET /api/properties/:id/bids', path: () => '/api/properties/no-such/bids', allowed: USERS },
  { route: 'GET /api/bids/:bidId/history', path: () => '/api/bids/no-such/history', allowed: USERS },
  { route: 'POST /api/properties/:id/select-bid', path: () => '/api/properties/no-such/select-bid', body: {}, allowed: ['homeowner'] },
  { route: 'GET /api/realtor-profile', allowed: ['realtor'] },
  { route: 'POST /api/realtor-profile', body: {}, allowed: ['realtor'] },
  { route: 'GET /api/realtor-profile/:realtorId', path: () => '/api/realtor-profile/no-such', allowed: USERS },
  { route: 'GET /api/dashboard', allowed: ['realtor'] },
  { route: 'GET /api/dashboard/insights', allowed: ['realtor'] },
  { route: 'GET /api/contact-shares', allowed: USERS },
  { route: 'GET /api/user/notifications', allowed: USERS },
  { route: 'PUT /api/user/notifications', body: {}, allowed: USERS },
  { route: 'GET /api/notifications', allowed: USERS },
  { route: 'POST /api/notifications/read', body: {}, allowed: USERS },
  { route: 'GET /api/user/export', allowed: USERS },
  { route: 'DELETE /api/user', body: {}, allowed: USERS },
  { route: 'GET /api/admin/bids', allowed: ADMINS },
  { route: 'GET /api/admin/realtor-profiles', allowed: ADMINS },
  { route: 'GET /api/admin/realtors', allowed: ADMINS },
  { route: 'POST /api/admin/realtor-profiles/:userId/approve', path: () => '/api/admin/realtor-profiles/no-such/approve', allowed: ADMINS },
  { route: 'POST /api/admin/realtor-profiles/:userId/reject', path: () => '/api/admin/realtor-profiles/no-such/reject', body: {}, allowed: ADMINS },
  { route: 'POST /api/admin/realtor-profiles/:userId/revoke', path: () => '/api/admin/realtor-profiles/no-such/revoke', body: {}, allowed: ADMINS },
  { route: 'GET /api/admin/realtor-document/:encodedKey{.+}', path: () => `/api/admin/realtor-document/${encodeURIComponent(SOME_BILL)}`, allowed: ADMINS },
  // Credits and card payments
  { route: 'POST /api/credits/purchase', body: {}, allowed: ['realtor'] },
  { route: 'GET /api/credits/statement', allowed: ['realtor'] },
  { route: 'POST /api/payment-method/setup', allowed: ['realtor'] },
  { route: 'POST /api/payment-method/save', body: {}, allowed: ['realtor'] },
  { route: 'DELETE /api/payment-method', allowed: ['realtor'] },
  { route: 'GET /api/payments/config', allowed: EVERYONE },
  { route: 'GET /api/payments/confirm', allowed: ['realtor'] },
  { route: 'POST /api/payments/confirm', body: {}, allowed: ['realtor'] },
  { route: 'POST /api/payments/simulated/:paymentIntentId/confirm', path: () => '/api/payments/simulated/pi_sim_nope/confirm', allowed: ['realtor'] },
  { route: 'POST /api/stripe/webhook', body: {}, allowed: EVERYONE },
  { route: 'GET /api/admin/payments', allowed: ADMINS },
  // Verified reviews
  { route: 'POST /api/properties/:id/review', path: () => '/api/properties/no-such/review', body: {}, allowed: ['homeowner'] },
  { route: 'GET /api/realtors/:realtorId/reviews', path: () => '/api/realtors/no-such/reviews', allowed: USERS },
  { route: 'POST /api/reviews/:reviewId/reply', path: () => '/api/reviews/no-such/reply', body: {}, allowed: ['realtor'] },
  { route: 'GET /api/admin/reviews', allowed: ADMINS },
  { route: 'POST /api/admin/reviews/:reviewId/hide', path: () => '/api/admin/reviews/no-such/hide', body: {}, allowed: ADMINS },
  // The API description
  { route: 'GET /api/openapi.json', allowed: EVERYONE },
  // Public market stats
  { route: 'GET /api/stats/areas', allowed: EVERYONE },
];

const SOME_IMAGE = 'images/0b7f0c1e-6f57-4a4e-9d7e-2f0a5c1d9e01.png';
const SOME_BILL = 'bills/0b7f0c1e-6f57-4a4e-9d7e-2f0a5c1d9e02.pdf';
/** A signed address for a file that does not exist: anyone holding it gets through (to a 404). */
let fileUrl = '';

beforeAll(async () => {
  t = await createTestApp();
  const rootId = await seedSuperAdmin(t);
  await seedAdmin(t, rootId, { username: 'ann', password: 'ann-password', role: 'admin' });
  await seedAdmin(t, rootId, { username: 'mo', password: 'mo-password', role: 'moderator' });
  ids = { admin: await seedAdmin(t, rootId, { username: 'target', password: 'target-password', role: 'moderator' }), user: '' };
  const homeowner = await registerUser(t.app, { role: 'homeowner' });
  const realtor = await registerUser(t.app, { role: 'realtor' });
  ids.user = homeowner.user.id;
  cookies.homeowner = homeowner.cookie;
  cookies.realtor = realtor.cookie;
  cookies.moderator = await signInAdmin(t, 'mo', 'mo-password');
  cookies.admin = await signInAdmin(t, 'ann', 'ann-password');
  cookies.super_admin = await signInAdmin(t, 'root', ROOT.password);
  signIns.homeowner = () => signInUser(homeowner.input);
  signIns.realtor = () => signInUser(realtor.input);
  signIns.moderator = () => signInAdmin(t, 'mo', 'mo-password');
  signIns.admin = () => signInAdmin(t, 'ann', 'ann-password');
  signIns.super_admin = () => signInAdmin(t, 'root', ROOT.password);
  fileUrl = await t.deps.blobs.url(SOME_IMAGE, 60);
});

async function signInUser(input: { username: string; password: string }): Promise<string> {
  return cookieFrom(await send(t, 'POST', '/api/login', { body: { username: input.username, password: input.password } }), 'session');
}

afterAll(async () => {
  await t.close();
});

/** Signed out of the needed kind of session is 401; signed in with the wrong role is 403. */
function refusal(route: RouteCase, role: Role): number {
  const adminRoute = route.route.includes(' /api/admin/');
  const hasNeededSession = adminRoute ? ADMINS.includes(role) : USERS.includes(role);
  return hasNeededSession ? 403 : 401;
}

describe('every route × every role', () => {
  for (const route of ROUTES) {
    it(route.route, async () => {
      const [method = 'GET', pattern = ''] = route.route.split(' ');
      const path = route.path?.() ?? pattern;
      const answers: Partial<Record<Role, number | 'through'>> = {};
      const expected: Partial<Record<Role, number | 'through'>> = {};
      for (const role of ROLES) {
        const cookie = route.endsSession ? await signIns[role]?.() : cookies[role];
        const res = await send(t, method, path, { ...(cookie ? { cookie } : {}), ...(route.body !== undefined ? { body: route.body } : {}) });
        answers[role] = res.status === 401 || res.status === 403 ? res.status : 'through';
        expected[role] = route.allowed.includes(role) ? 'through' : refusal(route, role);
      }
      expect(answers).toEqual(expected);
    });
  }

  it('covers every /api route the app registers', () => {
    const registered = new Set(
      t.app.routes
        .filter((r) => r.path.startsWith('/api/') && !r.path.endsWith('*') && r.method !== 'ALL')
        .map((r) => `${r.method} ${r.path}`),
    );
    expect([...registered].sort()).toEqual(ROUTES.map((r) => r.route).sort());
  });

  it('gives the OpenAPI document the roles this table proves', () => {
    const sorted = (roles: readonly string[] | undefined) => [...(roles ?? [])].sort();
    const described = Object.fromEntries(ROUTES.map((r) => [r.route, sorted(API_OPERATIONS[r.route]?.roles)]));
    expect(described).toEqual(Object.fromEntries(ROUTES.map((r) => [r.route, sorted(r.allowed)])));
  });
});
