import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { io as connect } from 'socket.io-client';
import { afterAll, expect, it } from 'vitest';
import { createSessions } from '../http/session';

/*
 * The whole app in a process of its own, under --unhandled-rejections=strict
 * (an unhandled rejection ends the process), on stores that fail the way real
 * engines do: failing projections and checkpoint writes, dropped
 * subscriptions, a session check that throws in the socket handshake, an
 * append whose answer is lost. The process stays up, /readyz says what is
 * wrong, and it recovers by itself once the stores do.
 */

const script = fileURLToPath(new URL('./faulty-node.ts', import.meta.url));
const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const secret = 'faulty-node-test-secret-'.repeat(2);

type Message = { port?: number; done?: string; failed?: string; error?: string };
let child: ChildProcessWithoutNullStreams | undefined;
let stderr = '';

afterAll(() => {
  child?.kill('SIGKILL');
});

function startNode(): Promise<{ send(command: string): Promise<void>; url: string; alive(): boolean }> {
  const started = spawn(process.execPath, ['--unhandled-rejections=strict', '--import', 'tsx', script, secret], { cwd: projectRoot });
  child = started;
  const waiting = new Map<string, { resolve: () => void; reject: (error: Error) => void }>();
  let exited = false;
  let pending = '';
  started.stderr.setEncoding('utf8');
  started.stderr.on('data', (chunk: string) => (stderr += chunk));
  started.on('exit', () => (exited = true));
  return new Promise((resolve, reject) => {
    started.on('exit', (code, signal) => reject(new Error(`the node exited (code ${code}, signal ${signal}): ${stderr.slice(-2000)}`)));
    started.stdout.setEncoding('utf8');
    started.stdout.on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const message = JSON.parse(line) as Message;
        if (message.port !== undefined) {
          resolve({
            url: `http://127.0.0.1:${message.port}`,
            alive: () => !exited,
            send: (command) =>
              new Promise<void>((done, failed) => {
                waiting.set(command, { resolve: done, reject: failed });
                started.stdin.write(`${command}\n`);
              }),
          });
        }
        const settled = message.done ?? message.failed;
        if (settled === undefined) continue;
        const waiter = waiting.get(settled);
        waiting.delete(settled);
        if (message.done) waiter?.resolve();
        else waiter?.reject(new Error(`${settled} failed: ${message.error}`));
      }
    });
  });
}

type Readiness = {
  status: string;
  subscription: { state: string; error?: string };
  projections: Array<{ name: string; caughtUp: boolean; failing?: { eventType: string; attempts: number; error: string } }>;
};

async function readyz(url: string): Promise<{ code: number; body: Readiness }> {
  const res = await fetch(`${url}/readyz`);
  return { code: res.status, body: (await res.json()) as Readiness };
}

async function until<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`not met in time; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function handshake(url: string, cookie: string): Promise<string> {
  const socket = connect(url, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false, forceNew: true });
  return new Promise((resolve) => {
    socket.once('connect', () => {
      socket.disconnect();
      resolve('connected');
    });
    socket.once('connect_error', (error) => {
      socket.disconnect();
      resolve(error.message);
    });
  });
}

it('an app node on failing stores stays up, reports what fails in /readyz, and recovers by itself', { timeout: 90_000 }, async () => {
  const node = await startNode();
  expect(await readyz(node.url)).toMatchObject({ code: 200, body: { status: 'ready' } });

  // A projection that keeps failing on an event.
  await node.send('fail-projection');
  await node.send('deposit');
  const failing = await until(
    () => readyz(node.url),
    ({ body }) => (body.projections.find((p) => p.name === 'balances')?.failing?.attempts ?? 0) >= 3,
  );
  expect(failing.code).toBe(503);
  expect(failing.body.status).toBe('failing');
  expect(failing.body.projections.find((p) => p.name === 'balances')?.failing).toMatchObject({ eventType: 'Deposited', error: expect.stringContaining('unavailable') });

  // A socket handshake whose session check throws is refused, not left to reject unhandled.
  await node.send('fail-sessions');
  const sessions = createSessions({ secret, secure: false });
  const cookie = `${sessions.cookieName('user')}=${await sessions.issue({ kind: 'user', subject: 'u1', role: 'realtor', version: 0 })}`;
  expect(await handshake(node.url, cookie)).toBe('Session check failed');

  // The stores heal: the stuck event is applied and readiness comes back.
  await node.send('heal');
  await until(() => readyz(node.url), ({ code }) => code === 200);

  // Checkpoint writes that fail are logged and tried again; the read models go on meanwhile.
  await node.send('fail-checkpoints');
  await node.send('deposit');
  await until(async () => stderr, (logged) => logged.includes('projection checkpoints not stored'));
  expect((await readyz(node.url)).code).toBe(200);
  await node.send('heal');
  // A dropped connection in between is resubscribed from the last event applied.
  void node.send('drop-retryable');
  await node.send('deposit');
  await until(() => readyz(node.url), ({ code, body }) => code === 200 && body.subscription.state === 'live');

  // A command whose append is written but whose answer is lost still answers as written.
  await node.send('lose-next-append-answer');
  const prospect = await fetch(`${node.url}/api/prospects`, {
    method: 'POST',
    headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'lead@example.com', inquiryType: 'general', page: 'contact' }),
  });
  expect(prospect.status).toBe(201);

  // A drop that cannot be cured is shown, and the process is still up to show it.
  await node.send('drop-permanent');
  expect(await readyz(node.url)).toMatchObject({ code: 503, body: { status: 'failing', subscription: { state: 'failed', error: 'Access denied' } } });
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(node.alive()).toBe(true);
  expect(stderr).not.toMatch(/Unhandled|ERR_UNHANDLED_REJECTION/);
});
