import type { Hono } from 'hono';
import type { AppDeps } from '../app';
import type { AppEnv } from '../context';

/** Every context's routes, mounted under /api. */
export function mountRoutes(api: Hono<AppEnv>, _deps: AppDeps): void {
  void api;
}
