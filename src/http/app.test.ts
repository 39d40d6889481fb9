import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../domain/shared/errors';
import { EventTooLargeError, StreamConflictError } from '../event-store/port';
import { precompressFiles } from '../../scripts/precompress';
import { TEST_ORIGIN, testAppPerTest } from '../testing/test-app';
import { EVENT_TOO_LARGE_MESSAGE, handleError, toErrorResponse, UnauthorizedError } from './errors';
import { createMemoryLogger } from './platform/logger';
import { readJson } from './validation';

const testApp = testAppPerTest();

describe('the HTTP shell', () => {
  it('answers /healthz and /readyz', async () => {
    const { app } = await testApp();
    expect(await (await app.request('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await app.request('/readyz');
    expect(ready.status).toBe(200);
    const body = (await ready.json()) as { status: string; projections: Array<{ caughtUp: boolean }> };
    expect(body.status).toBe('ready');
    expect(body.projections.length).toBeGreaterThan(0);
    expect(body.projections.every((p) => p.caughtUp)).toBe(true);
  });

  it('answers unknown /api paths with a JSON 404 in the contract shape', async () => {
    const { app } = await testApp();
    for (const [method, path] of [['GET', '/api/nope'], ['POST', '/api/also/nope'], ['DELETE', '/api']] as const) {
      const res = await app.request(path, { method });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toEqual({ message: 'Not found' });
    }
  });

  it('sends secure headers and a request id, and logs one line per request without the query', async () => {
    const { app, logger } = await testApp();
    const res = await app.request('/api/nope?token=secret-reset-token', { headers: { 'x-request-id': 'req-42' } });
    expect(res.headers.get('x-request-id')).toBe('req-42');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(logger.lines).toEqual([expect.objectContaining({ msg: 'request', requestId: 'req-42', method: 'GET', path: '/api/nope', status: 404 })]);
    expect(JSON.stringify(logger.lines)).not.toContain('secret-reset-token');
    const generated = (await app.request('/healthz', { headers: { 'x-request-id': 'bad id with spaces' } })).headers.get('x-request-id');
    expect(generated).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses state-changing requests from another site', async () => {
    const { app } = await testApp();
    const foreign = await app.request('/api/anything', { method: 'POST', headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ message: 'Cross-site request refused' });
    const crossSite = await app.request('/api/anything', { method: 'PUT', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    // Our own origin, and clients that are not browsers, get through (to the 404 here).
    expect((await app.request('/api/anything', { method: 'POST', headers: { origin: TEST_ORIGIN } })).status).toBe(404);
    expect((await app.request('/api/anything', { method: 'POST' })).status).toBe(404);
    expect((await app.request('/api/anything', { headers: { origin: 'https://evil.example' } })).status).toBe(404);
  });

  it('refuses JSON bodies over 1 MB with a JSON 413', async () => {
    const { app } = await testApp();
    const res = await app.request('/api/anything', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ big: 'x'.repeat(1024 * 1024 + 1) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'Request body is too large' });
  });

  it('refuses a declared Content-Length over 1 MB before reading the body', async () => {
    const { app } = await testApp();
    const headers = { 'content-type': 'application/json', 'content-length': String(1024 * 1024 + 1) };
    const res = await app.request('/api/anything', { method: 'POST', headers, body: '{}' });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'Request body is too large' });
    const within = await app.request('/api/anything', { method: 'POST', headers: { ...headers, 'content-length': '2' }, body: '{}' });
    expect(within.status).toBe(404);
  });

  it('serves the built client with a fallback to index.html for app paths, but never for /api', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'client-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><html><head><title>App</title></head><body><div id="app-root"></div></body></html>');
    await writeFile(join(dir, 'assets', 'main-abc123.js'), 'console.log(1)');
    const { app } = await testApp({ clientDir: dir });
    const page = await app.request('/listing/123');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="app-root"></div>');
    const asset = await app.request('/assets/main-abc123.js');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await app.request('/api/nope')).status).toBe(404);
    expect((await app.request('/assets/../../etc/passwd')).status).not.toBe(500);
    await rm(dir, { recursive: true });
  });

  it('sends the precompressed asset to clients that accept it, and the plain file to others', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'client-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>App</title>');
    const script = `console.log(${JSON.stringify('a bid, '.repeat(500))});\n`;
    await writeFile(join(dir, 'assets', 'index-abc123.js'), script);
    await precompressFiles(dir, ['assets/index-abc123.js']);
    const { app } = await testApp({ clientDir: dir });

    const br = await app.request('/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toContain('javascript');
    expect(br.headers.get('cache-control')).toContain('immutable');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(brBytes.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(brBytes).toString()).toBe(script);

    const gz = await app.request('/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);

    const plain = await app.request('/assets/index-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(plain.headers.get('cache-control')).toContain('immutable');
    expect(await plain.text()).toBe(script);
    await rm(dir, { recursive: true });
  });
});

describe('errors and validation', () => {
  const app = new Hono();
  app.post('/echo', async (c) => c.json(await readJson(c, z.object({ name: z.string().min(2, 'Name must be at least 2 characters') }))));
  const logger = createMemoryLogger();
  app.onError(handleError(logger));

  it('answers malformed JSON with 400', async () => {
    const res = await app.request('/echo', { method: 'POST', body: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Malformed JSON' });
  });

  it('answers the first failing rule in message and every field in errors', async () => {
    const res = await app.request('/echo', { method: 'POST', body: '{"name":"x"}', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Name must be at least 2 characters', errors: { name: 'Name must be at least 2 characters' } });
  });

  it('maps every error kind in one place, hiding internals of unexpected errors', () => {
    expect(toErrorResponse(new ValidationError('Bad'))).toEqual({ status: 400, body: { message: 'Bad' } });
    expect(toErrorResponse(new UnauthorizedError()).status).toBe(401);
    expect(toErrorResponse(new ForbiddenError()).status).toBe(403);
    expect(toErrorResponse(new NotFoundError('Property not found'))).toEqual({ status: 404, body: { message: 'Property not found' } });
    expect(toErrorResponse(new ConflictError('Username already exists')).status).toBe(409);
    expect(toErrorResponse(new StreamConflictError('s', { kind: 'no_stream' }, 3)).status).toBe(409);
    expect(toErrorResponse(new EventTooLargeError('s', 'LegalDocumentCreated', 600_000))).toEqual({ status: 413, body: { message: EVENT_TOO_LARGE_MESSAGE } });
    expect(toErrorResponse(new Error('password hash abc'))).toEqual({ status: 500, body: { message: 'Internal server error' } });
  });
});
