import { Hono } from 'hono';
import type { AppDeps } from '../../deps';
import type { AppEnv } from '../../context';
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
