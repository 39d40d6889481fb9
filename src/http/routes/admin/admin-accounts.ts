import { Hono } from 'hono';
import { z } from 'zod';
import { userStreamId } from '../../../domain/accounts/commands';
import { account } from '../../../domain/accounts/decide';
import { adminUserUpdateSchema, type ManagedUserView } from '../../../contract/admin/admins';
import { NotFoundError } from '../../../domain/shared/errors';
import type { Filter, Sort } from '../../../read-store/port';
import type { UserDoc, UserVerificationStatus } from '../../../projections/accounts/users';
import { USER_VERIFICATION_STATUSES } from '../../../projections/accounts/users';
import { findUser, usersCollection } from '../../../projections/accounts/users-queries';
import type { AppDeps } from '../../deps';
import { runCommand } from '../../commands';
import type { AppEnv } from '../../context';
import { requireAdmin } from '../../guards';
import { hashPassword } from '../../platform/passwords';
import { allOf, booleanParam, containsPattern, dayParam, dayRangeFilter, listPage, listQuery, optionalParam, searchParam } from './list-page';
import { readJson, validate } from '../../validation';
import { adminActor } from './admin-shared';
import { ADMIN_CREDITS_REASON } from '../../../domain/accounts/ledger';

export function toManagedUserView(doc: UserDoc): ManagedUserView {
  const { _id, username, name, email, phone, role, credits, emailVerified, isVerified, createdAt } = doc;
  const verificationStatus = doc.verificationStatus ?? (isVerified ? 'approved' : 'none');
  return { id: _id, username, name, email, phone, role, credits, emailVerified, isVerified, verificationStatus, createdAt };
}

const USER_SORTS = { newest: { createdAt: -1 }, oldest: { createdAt: 1 }, name: { name: 1 } } satisfies Record<string, Sort>;

export const usersListQuery = listQuery.extend({
  search: searchParam,
  role: optionalParam(z.enum(['homeowner', 'realtor'], { error: 'Role must be homeowner or realtor' })),
  emailVerified: booleanParam('Email verified must be true or false'),
  verification: optionalParam(z.enum(USER_VERIFICATION_STATUSES, { error: 'Verification must be none, pending, approved or rejected' })),
  from: dayParam('From must be a date (YYYY-MM-DD)'),
  to: dayParam('To must be a date (YYYY-MM-DD)'),
  sort: optionalParam(z.enum(['newest', 'oldest', 'name'], { error: 'Sort must be newest, oldest or name' })),
});

/** /api/admin/users: every administrator may find users and set their credits and passwords. */
export function createAdminAccountRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  const requireManagedUser = async (userId: string) => {
    const user = await findUser(deps.readStore, userId);
    if (!user) throw new NotFoundError('User not found');
    return user;
  };

  routes.get('/', requireAdmin(), async (c) => {
    const query = validate(usersListQuery, c.req.query());
    const filter = allOf(
      userSearchFilter(query.search ?? ''),
      query.role === undefined ? {} : { role: query.role },
      query.emailVerified === undefined ? {} : { emailVerified: query.emailVerified },
      verificationFilter(query.verification),
      dayRangeFilter('createdAt', query.from, query.to),
    );
    const page = await listPage(usersCollection(deps.readStore), filter, USER_SORTS[query.sort ?? 'newest'], query);
    return c.json({ items: page.docs.map(toManagedUserView), nextCursor: page.nextCursor, total: page.total });
  });

  routes.put('/:userId', requireAdmin(), async (c) => {
    const actor = adminActor(c);
    const userId = c.req.param('userId');
    // The body is read after the lookups that need none (docs/decisions/0021).
    await requireManagedUser(userId);
    const update = await readJson(c, adminUserUpdateSchema);
    if (update.credits !== undefined) {
      await runCommand(deps, c, userStreamId(userId), account, {
        type: 'SetCreditsByAdmin',
        credits: update.credits,
        ...(update.expectedCredits === undefined ? {} : { expectedCredits: update.expectedCredits }),
        adminId: actor.id,
        reason: update.reason ?? ADMIN_CREDITS_REASON,
        at: deps.clock().toISOString(),
      });
    }
    if (update.password !== undefined) {
      await runCommand(deps, c, userStreamId(userId), account, {
        type: 'SetPassword',
        reason: 'admin',
        adminId: actor.id,
        passwordHash: await hashPassword(update.password),
        at: deps.clock().toISOString(),
      });
    }
    return c.json(toManagedUserView(await requireManagedUser(userId)));
  });

  return routes;
}

/** Users whose name, username or email contains `search`, case-insensitively. */
export function userSearchFilter(search: string): Filter {
  if (search === '') return {};
  const pattern = containsPattern(search);
  return { $or: [{ name: pattern }, { username: pattern }, { email: pattern }] };
}

/** Users projected before the status was kept have none: 'approved' is read from isVerified, anything else as 'none'. */
function verificationFilter(status: UserVerificationStatus | undefined): Filter {
  if (status === undefined) return {};
  if (status === 'approved') return { $or: [{ verificationStatus: 'approved' }, { verificationStatus: { $exists: false }, isVerified: true }] };
  if (status === 'none') return { $or: [{ verificationStatus: 'none' }, { verificationStatus: { $exists: false }, isVerified: false }] };
  return { verificationStatus: status };
}
