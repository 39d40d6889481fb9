import { z } from 'zod';
import type { ErrorBody } from '../errors';
import { RETRYABLE_CREATES } from '../../contract/retryable-creates';

/*
 * The OpenAPI 3.1 document (GET /api/openapi.json), built from the zod schemas
 * the routes validate with: nothing in it about a request's shape is written
 * by hand (docs/decisions/0027-metrics-and-api-description.md). Answers are
 * described by the contract's answer schemas where it has one (decision 0048).
 * What a schema cannot say (who may call, a summary, the answer's status)
 * comes from the table in routes/api-operations.ts, which a test keeps equal
 * to the routes the app registers.
 */

export type Role = 'guest' | 'homeowner' | 'realtor' | 'moderator' | 'admin' | 'super_admin';
export const USERS: Role[] = ['homeowner', 'realtor'];
export const ADMINS: Role[] = ['moderator', 'admin', 'super_admin'];
export const EVERYONE: Role[] = ['guest', ...USERS, ...ADMINS];

export interface ApiOperation {
  summary: string;
  /** Who gets past the route's guards; src/http/routes/route-roles.test.ts checks the same lists against the app. */
  roles: Role[];
  /** The JSON body's schema, as passed to readJson. */
  body?: z.ZodType;
  /** The route reads an absent body as `{}`. */
  bodyOptional?: true;
  /** A multipart upload: the form field that carries the file, and the types accepted (the route's own rule). */
  upload?: { field: string; accepted: readonly string[] };
  /** The query's schema, as passed to validate. */
  query?: z.ZodObject;
  /** Path parameters the route validates with a schema of their own; the others are plain strings. */
  params?: Record<string, z.ZodType>;
  /** The success answer; JSON with status 200 unless said otherwise. `schema`: the contract's schema of a JSON answer. */
  answer?: { status?: 200 | 201 | 204 | 302; kind?: 'json' | 'csv' | 'file' | 'redirect' | 'empty' | 'metrics' | 'text' | 'xml'; description?: string; schema?: z.ZodType };
}

/** The contract's version: raised when a change could break a client. */
export const API_VERSION = '1.0.0';

/** 'POST /api/properties/:id/bid', as Hono registers it, to its description. */
export type ApiOperations = Record<string, ApiOperation>;

/** The one error shape of every non-2xx answer (docs: ARCHITECTURE, the outside contract). */
const errorBodySchema: z.ZodType<ErrorBody> = z.object({
  message: z.string().meta({ description: "The spec's message for the first failing rule" }),
  errors: z.record(z.string(), z.string()).optional().meta({ description: 'The first message per failing field' }),
});

const ERROR_STATUSES = {
  400: 'Invalid request: `message` is the first failing rule, `errors` has one message per field',
  401: 'Not signed in',
  403: 'Signed in with another role, or not the owner',
  404: 'Not found',
  422: 'The Idempotency-Key was first used for another request',
} as const;

/** The header of the creates a client may retry (docs/decisions/0061). */
const IDEMPOTENCY_KEY_HEADER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description: 'A new key per submit, the same on its retries: a retry answers what the first request created and writes nothing twice',
  schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,100}$' },
};

/** Builds the document from the operations table; the cookie names come from the app's sessions. */
export function buildOpenApiDocument(operations: ApiOperations, options: { cookieNames: { user: string; admin: string }; serverUrl: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [route, operation] of Object.entries(operations)) {
    const [method = '', pattern = ''] = route.split(' ');
    const { path, names } = openApiPath(pattern);
    (paths[path] ??= {})[method.toLowerCase()] = describeOperation(method, pattern, names, operation);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'BidHome API',
      version: API_VERSION,
      description: 'Cookie sessions; every non-2xx answer is JSON `{ message, errors? }`. Answers to commands carry `X-Log-Position`.',
      // The API is the product's own, offered under its terms rather than an open-source licence.
      license: { name: 'Proprietary: BidHome Terms of Service', url: `${options.serverUrl}/legal/terms-realtors` },
    },
    servers: [{ url: options.serverUrl, description: 'This deployment (PUBLIC_URL)' }],
    tags: describeTags(operations),
    paths,
    components: {
      schemas: { Error: jsonSchema(errorBodySchema) },
      responses: Object.fromEntries(
        Object.entries(ERROR_STATUSES)
          .map(([status, description]) => [String(status), errorResponse(description)])
          .concat([
            ['Refusal', errorResponse('Any other refusal: 409 conflict, 413 too large, 415 not JSON, 429 too many requests')],
            ['Error', errorResponse('A failure: 500, or 503 (with Retry-After) while the read models catch up or when a write may not have been saved')],
          ]),
      ),
      securitySchemes: {
        userSession: { type: 'apiKey', in: 'cookie', name: options.cookieNames.user, description: 'A homeowner or realtor, signed in with POST /api/login' },
        adminSession: { type: 'apiKey', in: 'cookie', name: options.cookieNames.admin, description: 'An administrator, signed in with POST /api/admin/login' },
      },
    },
  };
}

function describeOperation(method: string, pattern: string, pathNames: string[], operation: ApiOperation) {
  const retryable = (RETRYABLE_CREATES as readonly string[]).includes(`${method} ${pattern}`);
  const parameters = [
    ...pathNames.map((name) => ({ name, in: 'path', required: true, schema: operation.params?.[name] ? jsonSchema(operation.params[name]) : { type: 'string' } })),
    ...queryParameters(operation.query),
    ...(retryable ? [IDEMPOTENCY_KEY_HEADER] : []),
  ];
  const validated = operation.body !== undefined || operation.upload !== undefined || operation.query !== undefined || operation.params !== undefined;
  const guarded = !operation.roles.includes('guest');
  const refusals = [...(validated ? [400] : []), ...(guarded ? [401, 403] : []), ...(pathNames.length > 0 ? [404] : []), ...(retryable ? [422] : [])];
  return {
    operationId: [method.toLowerCase(), ...openApiPath(pattern).path.split(/[^A-Za-z0-9]+/)].filter(Boolean).join('_'),
    summary: operation.summary,
    tags: [tagOf(pattern)],
    'x-roles': operation.roles,
    ...(guarded ? { security: securityFor(operation.roles) } : { security: [] }),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...requestBody(operation),
    responses: {
      ...successResponse(operation),
      ...Object.fromEntries(refusals.map((status) => [String(status), { $ref: `#/components/responses/${status}` }])),
      '4XX': { $ref: '#/components/responses/Refusal' },
      default: { $ref: '#/components/responses/Error' },
    },
  };
}

/** '/api/files/:key{.+}' → '/api/files/{key}', with the parameters' names. */
export function openApiPath(pattern: string): { path: string; names: string[] } {
  const names: string[] = [];
  const path = pattern.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, (_whole, name: string) => {
    names.push(name);
    return `{${name}}`;
  });
  return { path, names };
}

function queryParameters(query: z.ZodObject | undefined) {
  if (!query) return [];
  const properties = (jsonSchema(query).properties ?? {}) as Record<string, unknown>;
  return Object.entries(query.shape).map(([name, field]) => ({
    name,
    in: 'query',
    // What the schema does with an absent parameter says whether it is required: a default or an optional passes.
    required: !(field as z.ZodType).safeParse(undefined).success,
    schema: properties[name] ?? {},
  }));
}

function requestBody(operation: ApiOperation) {
  if (operation.body) return { requestBody: { required: !operation.bodyOptional, content: { 'application/json': { schema: jsonSchema(operation.body) } } } };
  if (operation.upload) {
    const schema = { type: 'object', properties: { [operation.upload.field]: { type: 'string', contentMediaType: 'application/octet-stream' } }, required: [operation.upload.field] };
    const encoding = { [operation.upload.field]: { contentType: operation.upload.accepted.join(', ') } };
    return { requestBody: { required: true, content: { 'multipart/form-data': { schema, encoding } } } };
  }
  return {};
}

function successResponse(operation: ApiOperation) {
  const status = operation.answer?.status ?? 200;
  const kind = operation.answer?.kind ?? 'json';
  const description = operation.answer?.description ?? (status === 201 ? 'Created' : 'OK');
  const content = {
    json: { 'application/json': operation.answer?.schema ? { schema: jsonSchema(operation.answer.schema) } : {} },
    csv: { 'text/csv': { schema: { type: 'string' } } },
    file: { 'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } },
    metrics: { 'text/plain; version=0.0.4': { schema: { type: 'string' } } },
    text: { 'text/plain': { schema: { type: 'string' } } },
    xml: { 'application/xml': { schema: { type: 'string' } } },
    redirect: undefined,
    empty: undefined,
  }[kind];
  return { [String(status)]: { description, ...(content ? { content } : {}) } };
}

function securityFor(roles: Role[]) {
  const user = roles.some((role) => USERS.includes(role));
  const admin = roles.some((role) => ADMINS.includes(role));
  return [...(user ? [{ userSession: [] }] : []), ...(admin ? [{ adminSession: [] }] : [])];
}

const TAG_DESCRIPTIONS: Record<string, string> = {
  admin: 'The back office: moderation, users, verifications, legal documents, the activity log',
  operations: 'Health, readiness and metrics, outside /api',
};

/** Every tag the operations carry, described, as API linters expect. */
function describeTags(operations: ApiOperations) {
  const names = [...new Set(Object.keys(operations).map((route) => tagOf(route.split(' ')[1] ?? '')))].sort();
  return names.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? `Routes under /api/${name}` }));
}

function tagOf(pattern: string): string {
  const [, first = '', second = ''] = pattern.split('/');
  if (first !== 'api') return 'operations';
  return second === 'admin' ? 'admin' : /^[a-z-]*/.exec(second)?.[0] || 'api';
}

function errorResponse(description: string) {
  return { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
}

/**
 * What a client may send: the schema's input side (before defaults and transforms), as JSON Schema 2020-12, the
 * dialect of OpenAPI 3.1. Answers are converted the same way: their schemas have no transforms, and the input side
 * leaves objects open, so a field added to an answer does not break a client generated from the document.
 */
function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}
