import { Hono } from 'hono';
import { z } from 'zod';
import { userStreamId } from '../../domain/accounts/commands';
import { account } from '../../domain/accounts/decide';
import { adminUserUpdateSchema } from '../../domain/admins/rules';
import { NotFoundError } from '../../domain/shared/errors';
import type { Filter } from '../../read-store/port';
import type { UserDoc } from '../../projections/users';
import { USERS } from '../../projections/users';
import type { AppDeps } from '../app';
import { runCommand } from '../commands';
import type { AppEnv } from '../context';
import { requireAdmin } from '../guards';
import { hashPassword } from '../passwords';
import { readJson, validate } from '../validation';
import { adminActor } from './admin';
import { ADMIN_CREDITS_REASON } from '../../domain/accounts/ledger';

/** A search that matches everyone still answers a bounded list; the newest come first. */
const MAX_USERS_LISTED = 500;

/** A user as the back office sees one: no hash, token or session version. */
export interface ManagedUserView {
  id: string;
  username: string;
  name: string;
  email: string;
  phone: string | null;
  role: UserDoc['role'];
  credits: number;
  emailVerified: boolean;
  isVerified: boolean;
  createdAt: string;
}

export function toManagedUserView(doc: UserDoc): ManagedUserView {
  const { _id, username, name, email, phone, role, credits, emailVerified, isVerified, createdAt } = doc;
  return { id: _id, username, name, email, phone, role, credits, emailVerified, isVerified, createdAt };
}

export const searchQuery = z.object({ search: z.string().trim().max(200, 'Search must be less than 200 characters').optional() });

/** /api/admin/users: every administrator may find users and set their credits and passwords. */
export function createAdminAccountRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const users = deps.readStore.collection<UserDoc>(USERS);

  const findUser = async (userId: string) => {
    const user = await users.findOne({ _id: userId });
    if (!user) throw new NotFoundError('User not found');
    return user;
  };

  routes.get('/', requireAdmin(), async (c) => {
    const { search } = validate(searchQuery, c.req.query());
    const list = await users.find(userSearchFilter(search ?? ''), { sort: { createdAt: -1, _id: -1 }, limit: MAX_USERS_LISTED });
    return c.json(list.map(toManagedUserView));
  });

  routes.put('/:userId', requireAdmin(), async (c) => {
    const actor = adminActor(c);
    const userId = c.req.param('userId');
    // The body is read after the lookups that need none (docs/decisions/0021).
    await findUser(userId);
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
    return c.json(toManagedUserView(await findUser(userId)));
  });

  return routes;
}

/** Users whose name, username or email contains `search`, case-insensitively. */
function userSearchFilter(search: string): Filter {
  if (search === '') return {};
  const pattern = { $regex: search.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), $options: 'i' };
  return { $or: [{ name: pattern }, { username: pattern }, { email: pattern }] };
}
