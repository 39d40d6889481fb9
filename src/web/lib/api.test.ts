import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiFetch, apiFetchOrNullOn401, apiRequest, knownPosition, notePosition, readErrorMessage, UnexpectedAnswerError } from './api';

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
      } else if (req.url === '/api/answer/fits') {
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ id: 'p1', bidCount: 2, note: 'not in the contract' }));
      } else if (req.url === '/api/answer/drifted') {
        res.writeHead(201, { 'Content-Type': 'application/json' }).end(JSON.stringify({ id: 'p1', bids: 2 }));
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
    expect(await apiFetchOrNullOn401(`${base}/api/user`, 'user')).toBeNull();
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

describe('answers checked against a schema', () => {
  const schema = z.object({ id: z.string(), bidCount: z.number() });
  const load = () => Promise.resolve(schema);

  it('answers the parsed body when it fits, without the fields the schema does not name', async () => {
    expect(await apiFetch(`${base}/api/answer/fits`, {}, load)).toEqual({ id: 'p1', bidCount: 2 });
  });

  it('turns a body that does not fit into an error that says so, and logs the issues', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = await apiRequest('POST', `${base}/api/answer/drifted`, {}, load).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UnexpectedAnswerError);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Unexpected answer from the server', status: 201, path: `${base}/api/answer/drifted` });
    expect((error as UnexpectedAnswerError).issues).toEqual([expect.objectContaining({ path: ['bidCount'] })]);
    expect(readErrorMessage(error)).toBe('Unexpected answer from the server');
    expect(logged).toHaveBeenCalledOnce();
    expect(logged.mock.calls[0]).toEqual([`Unexpected answer from the server for ${base}/api/answer/drifted`, [expect.objectContaining({ path: ['bidCount'] })]]);
  });

  it('leaves refusals as they were: the schema is for answers', async () => {
    const error = await apiFetch(`${base}/api/taken`, {}, load).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as Error).message).toBe('409: {"message":"Username already exists"}');
    // A schema that cannot load does not hide the refusal either.
    const failing = () => Promise.reject(new Error('chunk failed'));
    await expect(apiFetch(`${base}/api/taken`, {}, failing)).rejects.toThrow('409');
  });
});
