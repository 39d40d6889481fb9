import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isRetryableCreate } from '../../contract/retryable-creates';
import { ApiError, apiRequest, retryDelay } from './api';

/*
 * The client's half of creates that can be retried (docs/decisions/0061): a
 * new Idempotency-Key per submit, the same on its retries after a network
 * error or a 503; other writes are sent once. A real HTTP server answers as
 * the test tells it, try by try.
 */

let server: Server;
let base: string;
/** What each try of a path is answered: a status, or 'drop' to cut the connection. */
let script: Record<string, Array<number | 'drop'>>;
let seen: Array<{ path: string; key: string | undefined }>;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = req.url ?? '';
      seen.push({ path, key: req.headers['idempotency-key'] as string | undefined });
      const next = script[path]?.shift() ?? 201;
      if (next === 'drop') {
        req.socket.destroy();
        return;
      }
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (next === 503) headers['Retry-After'] = '0';
      res.writeHead(next, headers).end(JSON.stringify(next === 503 ? { message: 'Try again' } : { id: 'p1' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  base = `http://localhost:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  script = {};
  seen = [];
});

describe('retried creates', () => {
  it('sends a create again after a 503 and after a lost connection, with the one key of its submit', async () => {
    script['/api/properties'] = [503, 'drop'];
    expect(await apiRequest('POST', `${base}/api/properties`, { title: 'Home' })).toEqual({ id: 'p1' });
    expect(seen.map((request) => request.path)).toEqual(['/api/properties', '/api/properties', '/api/properties']);
    const keys = new Set(seen.map((request) => request.key));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('gives each submit a key of its own', async () => {
    await apiRequest('POST', `${base}/api/properties/p1/bid`, { amount: 150 });
    await apiRequest('POST', `${base}/api/properties/p1/bid`, { amount: 150 });
    expect(seen).toHaveLength(2);
    expect(seen[0]?.key).not.toBe(seen[1]?.key);
  });

  it('sends any other write once, without a key, and reports its 503', async () => {
    script['/api/properties/p1/select-bid'] = [503];
    const error = await apiRequest('POST', `${base}/api/properties/p1/select-bid`, { bidId: 'b1' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect((error as ApiError).retryAfter).toBe('0');
    expect(seen).toEqual([{ path: '/api/properties/p1/select-bid', key: undefined }]);
  });

  it('does not retry a create the server refused', async () => {
    script['/api/register'] = [409];
    await expect(apiRequest('POST', `${base}/api/register`, {})).rejects.toBeInstanceOf(ApiError);
    expect(seen).toHaveLength(1);
  });
});

describe('which requests are retryable creates', () => {
  it('matches the contract list by method and path, full addresses and queries too', () => {
    expect(isRetryableCreate('POST', '/api/properties')).toBe(true);
    expect(isRetryableCreate('post', 'https://bids.example.com/api/properties/abc/bid?x=1')).toBe(true);
    expect(isRetryableCreate('PUT', '/api/properties/abc')).toBe(false);
    expect(isRetryableCreate('POST', '/api/properties/abc/select-bid')).toBe(false);
    expect(isRetryableCreate('POST', '/api/login')).toBe(false);
  });

  it('waits what Retry-After asks within the longest wait, else the given wait', () => {
    expect(retryDelay('2', 300)).toBe(2000);
    expect(retryDelay('60', 300)).toBe(3000);
    expect(retryDelay(null, 1000)).toBe(1000);
    expect(retryDelay('soon', 300)).toBe(300);
  });
});
