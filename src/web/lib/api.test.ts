import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, apiFetch, apiFetchOrNullOn401, apiRequest, knownPosition, notePosition, readErrorMessage } from './api';

let server: Server;
let base: string;
let lastRequest: { method?: string; contentType?: string; minPosition?: string | string[]; body: string } | undefined;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      lastRequest = { method: req.method, contentType: req.headers['content-type'], minPosition: req.headers['x-min-position'], body };
      const written = /^\/api\/written\/(\d+)$/.exec(req.url ?? '');
      if (written) {
        res.writeHead(200, { 'Content-Type': 'application/json', 'X-Log-Position': written[1] }).end('{}');
      } else if (req.url === '/api/written-then-refused') {
        res.writeHead(409, { 'Content-Type': 'application/json', 'X-Log-Position': '60' }).end('{"message":"Taken"}');
      } else if (req.url === '/api/user') {
        res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"message":"Not signed in"}');
      } else if (req.url === '/api/taken') {
        res.writeHead(409, { 'Content-Type': 'application/json' }).end('{"message":"Username already exists"}');
      } else if (req.url === '/api/empty') {
        res.writeHead(204).end();
      } else {
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ echo: body }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  base = `http://localhost:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('api', () => {
  it('sends JSON and reads JSON', async () => {
    const answer = await apiRequest<{ echo: string }>('POST', `${base}/api/echo`, { email: 'a@b.c' });
    expect(answer).toEqual({ echo: '{"email":"a@b.c"}' });
    expect(lastRequest).toMatchObject({ method: 'POST', contentType: 'application/json' });
  });

  it('raises "<status>: <body text>" on a non-OK answer, keeping the server message at hand', async () => {
    const error = await apiFetch(`${base}/api/taken`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as Error).message).toBe('409: {"message":"Username already exists"}');
    expect(readErrorMessage(error)).toBe('Username already exists');
  });

  it('answers undefined for an empty body', async () => {
    expect(await apiRequest('DELETE', `${base}/api/empty`)).toBeUndefined();
  });

  it('turns a 401 into null where signed out is an answer', async () => {
    expect(await apiFetchOrNullOn401(`${base}/api/user`)).toBeNull();
  });
});

describe('read-your-writes across nodes', () => {
  it('sends the highest log position seen in answers and pushes as X-Min-Position on every request', async () => {
    // Nothing seen yet: nothing to ask for.
    await apiFetch(`${base}/api/echo`);
    expect(lastRequest?.minPosition).toBeUndefined();

    await apiRequest('POST', `${base}/api/written/41`, {});
    await apiFetch(`${base}/api/echo`);
    expect(lastRequest?.minPosition).toBe('41');

    // A lower position (an older answer, from a node that was behind) does not lower it.
    await apiRequest('POST', `${base}/api/written/7`, {});
    await apiFetch(`${base}/api/echo`);
    expect(lastRequest?.minPosition).toBe('41');

    // A push's position counts too (lib/realtime.ts notes it), and an error answer's.
    notePosition(50);
    await apiFetch(`${base}/api/echo`);
    expect(lastRequest?.minPosition).toBe('50');
    await expect(apiRequest('POST', `${base}/api/written-then-refused`, {})).rejects.toThrow('409');
    expect(knownPosition()).toBe(60);
  });
});
