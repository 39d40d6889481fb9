import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ownBidAnswer } from '../../contract/bidding/bidding-answers';
import { propertyAnswer } from '../../contract/listings/listing-answers';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { openApiPath } from '../platform/openapi';
import { registrationSchema } from '../routes/accounts/auth';

type Operation = {
  operationId: string;
  parameters?: Array<{ name: string; in: string; required: boolean; schema: Record<string, unknown> }>;
  requestBody?: { required: boolean; content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, unknown>;
  security?: unknown[];
  'x-roles': string[];
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; responses: Record<string, unknown> };
};

let t: TestApp;
let document: Document;
let raw: string;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.request('/api/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  raw = await res.text();
  document = JSON.parse(raw) as Document;
});

afterAll(async () => {
  await t.close();
});

function operation(method: string, path: string): Operation {
  const found = document.paths[path]?.[method];
  if (!found) throw new Error(`${method} ${path} is not in the document`);
  return found;
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1.0 document', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths).length).toBeGreaterThan(50);
    const ids = Object.values(document.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('describes every route the app registers, and none that it does not', () => {
    const registered = t.app.routes
      .filter((r) => !r.path.endsWith('*') && r.method !== 'ALL')
      .map((r) => `${r.method.toLowerCase()} ${openApiPath(r.path).path}`);
    const described = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`));
    expect([...new Set(registered)].sort()).toEqual(described.sort());
  });

  it("takes request bodies from the schemas the routes validate with, as a client may send them", () => {
    const register = operation('post', '/api/register');
    const { $schema: _dialect, ...expected } = z.toJSONSchema(registrationSchema, { io: 'input', unrepresentable: 'any' });
    expect(register.requestBody?.content['application/json']?.schema).toEqual(expected);
    // A field with a default may be left out.
    expect((expected as { required?: string[] }).required).not.toContain('acceptedDocumentIds');
  });

  it('says which query parameters may be left out, from what the schema does without them', () => {
    const list = operation('get', '/api/properties');
    const byName = Object.fromEntries((list.parameters ?? []).map((p) => [p.name, p]));
    expect(byName.limit).toMatchObject({ in: 'query', required: false });
    expect(byName.cursor).toMatchObject({ in: 'query', required: false });
    const active = operation('get', '/api/legal-documents/active');
    expect(active.parameters).toEqual([expect.objectContaining({ name: 'role', in: 'query', required: true })]);
  });

  it('declares every path parameter, with its own schema where the route validates one', () => {
    for (const [path, methods] of Object.entries(document.paths)) {
      const names = path
        .split('/')
        .filter((segment) => segment.startsWith('{') && segment.endsWith('}'))
        .map((segment) => segment.slice(1, -1));
      for (const [method, op] of Object.entries(methods)) {
        const declared = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
        expect(declared, `${method} ${path}`).toEqual(names);
      }
    }
    const simulated = operation('post', '/api/payments/simulated/{paymentIntentId}/confirm');
    expect(simulated.parameters?.[0]?.schema).toMatchObject({ type: 'string', pattern: expect.stringContaining('pi_') });
    expect(simulated.requestBody?.required).toBe(false);
  });

  it('describes uploads as multipart with the field and types the route accepts', () => {
    const upload = operation('post', '/api/upload-property-image');
    const multipart = upload.requestBody?.content['multipart/form-data'] as { schema: { required: string[] }; encoding: Record<string, { contentType: string }> };
    expect(multipart.schema.required).toEqual(['image']);
    expect(multipart.encoding.image?.contentType).toBe('image/jpeg, image/png, image/webp');
  });

  it("describes answers with the contract's answer schemas, lists as arrays of them", () => {
    type Answer = { content?: Record<string, { schema?: Record<string, unknown> }> };
    const answerSchema = (method: string, path: string, status: string) => (operation(method, path).responses[status] as Answer).content?.['application/json']?.schema;
    const { $schema: _dialect, ...property } = z.toJSONSchema(propertyAnswer, { io: 'input', unrepresentable: 'any' });
    expect(answerSchema('get', '/api/properties/{id}', '200')).toEqual(property);
    expect(property).toMatchObject({ type: 'object', properties: { vibeMetrics: { anyOf: [{ type: 'object' }, { type: 'null' }] } } });
    // Open objects: a field added to an answer does not break a client generated from the document.
    expect(property).not.toHaveProperty('additionalProperties');
    expect(answerSchema('get', '/api/user/properties', '200')).toEqual({ type: 'array', items: property });

    const { $schema: _same, ...ownBid } = z.toJSONSchema(ownBidAnswer, { io: 'input', unrepresentable: 'any' });
    expect(answerSchema('post', '/api/properties/{id}/bid', '201')).toEqual(ownBid);
    expect(answerSchema('get', '/api/bids', '200')).toEqual({ type: 'array', items: ownBid });
    // Contact details are there only when the rules allow.
    expect((ownBid as { required: string[] }).required).not.toContain('ownerEmail');
    expect(answerSchema('get', '/api/properties/{id}/bids', '200')).toMatchObject({ type: 'array', items: { properties: { editCount: { type: 'number' } } } });
    expect(answerSchema('get', '/api/realtor-profile/{realtorId}', '200')).toMatchObject({ type: 'object', required: expect.arrayContaining(['userId', 'serviceAreas']) });
    expect(answerSchema('get', '/api/contact-shares', '200')).toMatchObject({ properties: { shares: { type: 'array' } } });

    // Without a schema in the contract the answer is JSON, shape unsaid.
    expect(operation('get', '/api/dashboard').responses['200']).toEqual({ description: 'OK', content: { 'application/json': {} } });
  });

  it('answers refusals with the one error shape, { message, errors? }', () => {
    expect(document.components.schemas.Error).toMatchObject({
      type: 'object',
      properties: { message: { type: 'string' }, errors: { type: 'object', additionalProperties: { type: 'string' } } },
      required: ['message'],
    });
    const bid = operation('post', '/api/properties/{id}/bid');
    // A create a client may retry takes an Idempotency-Key, and refuses a key used for another request (docs/decisions/0061).
    expect(Object.keys(bid.responses).sort()).toEqual(['201', '400', '401', '403', '404', '422', '4XX', 'default']);
    expect(bid.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }));
    expect(Object.keys(operation('post', '/api/properties/{id}/select-bid').responses)).not.toContain('422');
    expect(bid.security).toEqual([{ userSession: [] }]);
    expect(operation('get', '/api/admin/bids').security).toEqual([{ adminSession: [] }]);
    expect(operation('post', '/api/login').security).toEqual([]);
  });

  it('points every $ref at something the document defines', () => {
    for (const [, ref] of raw.matchAll(/"\$ref":"([^"]+)"/g)) {
      const target = (ref ?? '')
        .replace(/^#\//, '')
        .split('/')
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
      expect(target, ref).toBeDefined();
    }
  });
});
