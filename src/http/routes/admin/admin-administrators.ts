import { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { z } from 'zod';
import type { Context } from 'hono';
import { ADMIN_NOT_FOUND, adminDecider } from '../../../domain/admin/decide';
import type { AdminId } from '../../../domain/admin/events';
import { adminStreamId, toAdminId } from '../../../domain/admin/events';
import { ADMIN_ROLES, createAdminSchema, setAdminPasswordSchema } from '../../../contract/admin/admins';
import { ForbiddenError, NotFoundError } from '../../../domain/shared/errors';
import { reservationStreamId } from '../../../domain/shared/reservation';
import { adminUsersCollection, findAdminUser } from '../../../projections/admin/admin-users-queries';
import { readAdmin } from '../../aggregates';
import type { AppDeps } from '../../deps';
import { runCommand } from '../../commands';
import type { AppEnv } from '../../context';
import { requireAdmin } from '../../guards';
import { allOf, booleanParam, containsPattern, listPage, listQuery, optionalParam, searchParam } from './list-page';
import { hashPassword } from '../../platform/passwords';
import { releaseName, reserveName } from '../../reservations';
import { readJson, validate } from '../../validation';
import { adminActor, toAdminView } from './admin-shared';
import { AppendOutcomeUnknownError } from '../../../domain/shared/command-handler';
import { honourIdempotencyKey } from '../../platform/idempotency';
import { newRequestId } from '../../platform/request-seeds';

export const administratorsListQuery = listQuery.extend({
  search: searchParam,
  role: optionalParam(z.enum(ADMIN_ROLES, { error: 'Role must be super_admin, admin or moderator' })),
  active: booleanParam('Active must be true or false'),
});

/** /api/admin/admin-users: the back office's own accounts. */
export function createAdministratorRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  const findAdmin = async (adminId: string) => {
    const admin = await findAdminUser(deps.readStore, adminId);
    if (!admin) throw new NotFoundError(ADMIN_NOT_FOUND);
    return admin;
  };

  /** Whether an id that holds a name became an administrator; a crash between the two leaves it without. */
  const adminExists = async (ownerId: string) => (await readAdmin(deps, ownerId)).status !== 'none';

  const reserve = (c: Context<AppEnv>, kind: 'admin-username' | 'admin-email', name: string, adminId: AdminId, takenMessage: string) =>
    reserveName(c, {
      eventStore: deps.eventStore,
      streamId: reservationStreamId(kind, name),
      ownerId: adminId,
      at: deps.clock().toISOString(),
      takenMessage,
      ownerExists: adminExists,
    });

  /** Gives back a name after a failed creation; a failure here only delays reuse (see reserveName), so the original error wins. */
  const release = async (c: Context<AppEnv>, kind: 'admin-username' | 'admin-email', name: string, adminId: AdminId) => {
    try {
      await releaseName(c, deps.eventStore, reservationStreamId(kind, name), adminId, deps.clock().toISOString());
    } catch (error) {
      deps.logger.warn('reservation not released', { kind, adminId, error });
    }
  };

  routes.get('/', requireAdmin(), async (c) => {
    const query = validate(administratorsListQuery, c.req.query());
    const pattern = query.search ? containsPattern(query.search) : null;
    const filter = allOf(
      pattern === null ? {} : { $or: [{ name: pattern }, { username: pattern }, { email: pattern }] },
      query.role === undefined ? {} : { role: query.role },
      query.active === undefined ? {} : { isActive: query.active },
    );
    // Oldest first: the first super_admin heads the list.
    const page = await listPage(adminUsersCollection(deps.readStore), filter, { createdAt: 1 }, query);
    return c.json({ items: page.docs.map(toAdminView), nextCursor: page.nextCursor, total: page.total });
  });

  routes.post('/', requireAdmin('super_admin'), async (c) => {
    const actor = adminActor(c);
    const input = await readJson(c, createAdminSchema);
    await honourIdempotencyKey(deps, c);
    const adminId = toAdminId(newRequestId(c));
    await reserve(c, 'admin-username', input.username, adminId, 'Username already exists');
    try {
      await reserve(c, 'admin-email', input.email, adminId, 'Email already exists');
    } catch (error) {
      await release(c, 'admin-username', input.username, adminId);
      throw error;
    }
    try {
      await runCommand(deps, c, adminStreamId(adminId), adminDecider, {
        type: 'CreateAdmin',
        adminId,
        username: input.username,
        name: input.name,
        email: input.email,
        role: input.role,
        passwordHash: await hashPassword(input.password),
        actor,
        at: deps.clock().toISOString(),
      });
    } catch (error) {
      // An outcome unknown may be an administrator created: the names stay theirs, for the retry to find.
      if (!(error instanceof AppendOutcomeUnknownError)) {
        await release(c, 'admin-username', input.username, adminId);
        await release(c, 'admin-email', input.email, adminId);
      }
      throw error;
    }
    return c.json(toAdminView(await findAdmin(adminId)), 201);
  });

  routes.put('/:adminId/password', requireAdmin(), async (c) => {
    const actor = adminActor(c);
    const adminId = toAdminId(c.req.param('adminId'));
    // Refused before hashing, so a forbidden request costs no scrypt work.
    if (actor.role !== 'super_admin' && actor.id !== adminId) throw new ForbiddenError("Only a super admin can change another administrator's password");
    await findAdmin(adminId);
    const { password } = await readJson(c, setAdminPasswordSchema);
    const result = await runCommand(deps, c, adminStreamId(adminId), adminDecider, {
      type: 'SetAdminPassword',
      passwordHash: await hashPassword(password),
      actor,
      at: deps.clock().toISOString(),
    });
    // The new version ends every session of this administrator; one changing their own keeps this one.
    if (actor.id === adminId && result.state.status === 'active') {
      const token = await deps.sessions.issue({ kind: 'admin', subject: adminId, role: result.state.role, version: result.state.sessionVersion });
      setCookie(c, deps.sessions.cookieName('admin'), token, deps.sessions.cookieOptions());
    }
    return c.json({ message: 'Admin password updated successfully' });
  });

  routes.post('/:adminId/deactivate', requireAdmin('super_admin'), async (c) => {
    const actor = adminActor(c);
    const adminId = c.req.param('adminId');
    await findAdmin(adminId);
    await runCommand(deps, c, adminStreamId(adminId), adminDecider, { type: 'DeactivateAdmin', actor, at: deps.clock().toISOString() });
    return c.json(toAdminView(await findAdmin(adminId)));
  });

  /** Undoes a deactivation: the administrator signs in again with their password; their old sessions stay ended. */
  routes.post('/:adminId/reactivate', requireAdmin('super_admin'), async (c) => {
    const actor = adminActor(c);
    const adminId = c.req.param('adminId');
    await findAdmin(adminId);
    await runCommand(deps, c, adminStreamId(adminId), adminDecider, { type: 'ReactivateAdmin', actor, at: deps.clock().toISOString() });
    return c.json(toAdminView(await findAdmin(adminId)));
  });

  return routes;
}
