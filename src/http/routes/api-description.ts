import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../context';
import { buildOpenApiDocument } from '../platform/openapi';
import { API_OPERATIONS } from './api-operations';

/** GET /api/openapi.json: the OpenAPI 3.1 document, built once per app on first request. */
export function createApiDescriptionRoutes(deps: Pick<AppDeps, 'sessions' | 'env'>): Hono<AppEnv> {
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  return new Hono<AppEnv>().get('/openapi.json', (c) => {
    document ??= buildOpenApiDocument(API_OPERATIONS, {
      cookieNames: { user: deps.sessions.cookieName('user'), admin: deps.sessions.cookieName('admin') },
      serverUrl: deps.env.publicUrl,
    });
    return c.json(document);
  });
}
