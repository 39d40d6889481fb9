import { createMiddleware } from 'hono/factory';
import { ForbiddenError } from '../domain/shared/errors';
import type { AppEnv } from './context';
import { UnauthorizedError } from './errors';

/** A signed-in user, optionally of one of `roles`; 401 when signed out, 403 for another role. */
export function requireUser(...roles: string[]) {
  // Not async: a check that passes hands on next()'s promise rather than making one of its own per request.
  return createMiddleware<AppEnv>((c, next) => {
    const user = c.get('session').user;
    if (!user) throw new UnauthorizedError();
    if (roles.length > 0 && !roles.includes(user.role)) throw new ForbiddenError();
    return next();
  });
}

/** A signed-in administrator, optionally of one of `roles`. */
export function requireAdmin(...roles: string[]) {
  return createMiddleware<AppEnv>((c, next) => {
    const admin = c.get('session').admin;
    if (!admin) throw new UnauthorizedError();
    if (roles.length > 0 && !roles.includes(admin.role)) throw new ForbiddenError();
    return next();
  });
}
