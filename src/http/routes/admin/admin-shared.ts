import type { Context } from 'hono';
import type { AdminRole, AdminView } from '../../../contract/admin/admins';
import { ADMIN_ROLES } from '../../../contract/admin/admins';
import type { AdminActor } from '../../../domain/admin/commands';
import { toAdminId } from '../../../domain/admin/events';
import type { AdminUserDoc } from '../../../projections/admin/admin-users';
import type { AppEnv } from '../../context';
import { UnauthorizedError } from '../../errors';

/* What the back office routes share: how an administrator is shown, and who acts. */

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
