import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AdminActor } from '../../domain/admins/commands';
import { toAdminId } from '../../domain/admins/events';
import type { AdminRole } from '../../contract/admins';
import { ADMIN_ROLES } from '../../contract/admins';
import type { AdminUserDoc } from '../../projections/admin-users';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../context';
import { UnauthorizedError } from '../errors';
import { createAdminAccountRoutes } from './admin-accounts';
import { createAdminActivityRoutes } from './admin-activity';
import { createAdministratorRoutes } from './admin-administrators';
import { createAdminOverviewRoutes } from './admin-overview';
import { createAdminSessionRoutes } from './admin-session';

/** The back office API, under /api/admin. Every route but sign-in and sign-out needs an admin session. */
export function createAdminRoutes(deps: AppDeps): Hono<AppEnv> {
  const admin = new Hono<AppEnv>();
  admin.route('/', createAdminSessionRoutes(deps));
  admin.route('/admin-users', createAdministratorRoutes(deps));
  admin.route('/users', createAdminAccountRoutes(deps));
  admin.route('/', createAdminOverviewRoutes(deps));
  admin.route('/', createAdminActivityRoutes(deps));
  return admin;
}

/** An administrator as the API shows it: never the hash, the session version or lookup fields. */
export interface AdminView {
  id: string;
  username: string;
  name: string;
  email: string;
  role: AdminRole;
  isActive: boolean;
  lastLogin: string | null;
  createdAt: string;
  createdBy: string | null;
}

export function toAdminView(doc: AdminUserDoc): AdminView {
  const { _id, username, name, email, role, isActive, lastLogin, createdAt, createdBy } = doc;
  return { id: _id, username, name, email, role, isActive, lastLogin, createdAt, createdBy };
}

/** The signed-in administrator as a command's actor; the guard has run, so a session is there. */
export function adminActor(c: Context<AppEnv>): AdminActor {
  const claims = c.get('session').admin;
  if (!claims || !(ADMIN_ROLES as readonly string[]).includes(claims.role)) throw new UnauthorizedError();
  return { id: toAdminId(claims.subject), role: claims.role as AdminRole };
}
