import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'socket.io';
import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { expected } from '../src/event-store/port';
import { createSqliteEventStore } from '../src/event-store/sqlite';
import { createMemoryLogger } from '../src/http/platform/logger';
import { createPropertyWatchCheck } from '../src/http/platform/property-watch';
import { userRoom } from '../src/contract/realtime';
import { attachRealtime } from '../src/http/realtime';
import { createSessions } from '../src/http/session';
import { createProjectionRunner } from '../src/projections/runner';
import { createMemoryReadStore } from '../src/read-store/memory';
import { createBalancesProjection } from '../src/testing/balances-projection';
import type { Measurement } from './report';
import { printComparison } from './report';

const RATE_PER_SECOND = 1000;

/** Sends `count` messages at a fixed rate; `send(i)` must make message i arrive on `socket` as `event`. */
async function paced(label: string, socket: Socket, event: string, count: number, send: (i: number) => Promise<void> | void): Promise<Measurement> {
  const sentAt = new Map<number, number>();
  const samplesMs: number[] = [];
  const done = new Promise<void>((resolve) => {
    socket.on(event, (payload: { seq?: number; credits?: number }) => {
      const seq = payload.seq ?? payload.credits ?? -1;
      const start = sentAt.get(seq);
      if (start === undefined) return;
      samplesMs.push(performance.now() - start);
      if (samplesMs.length === count) resolve();
    });
  });
  const started = performance.now();
  for (let i = 1; i <= count; i++) {
    const due = started + (i * 1000) / RATE_PER_SECOND;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    sentAt.set(i, performance.now());
    await send(i);
  }
  await done;
  socket.off(event);
  return { label, samplesMs, elapsedMs: performance.now() - started };
}

/** Event appended → pushed to a connected socket.io-client, against a bare Socket.IO emit. */
export async function benchRealtimePush(count = 3000): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-push-'));
  const sessions = createSessions({ secret: 'bench-secret-'.repeat(4), secure: false });
  const readStore = createMemoryReadStore();
  const server = createServer();
  const realtime = attachRealtime(server, { sessions, publicUrl: 'http://localhost', logger: createMemoryLogger(), watchableProperty: createPropertyWatchCheck(readStore) });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const cookie = `session=${await sessions.issue({ kind: 'user', subject: 'wallet', role: 'realtor', version: 0 })}`;
  const socket = connect(url, { transports: ['websocket'], extraHeaders: { cookie } });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));

  const eventStore = createSqliteEventStore({ path: join(dir, 'events.db') });
  const runner = createProjectionRunner({ eventStore, readStore, projections: [createBalancesProjection()], onPush: realtime.push });
  await runner.start();

  const io: Server = realtime.io;
  const warmup = Math.min(200, count);
  await paced('warm-up', socket, 'bare', warmup, (seq) => void io.to(userRoom('wallet')).emit('bare', { seq }));
  const baseline = await paced('bare Socket.IO emit', socket, 'bare', count, (seq) => void io.to(userRoom('wallet')).emit('bare', { seq }));
  // Each deposit of 1 raises the balance by one, so the pushed credits count is the sequence number.
  const subject = await paced('append → projection → push', socket, 'credits:changed', count, async () => {
    await eventStore.append('wallet', [{ id: crypto.randomUUID(), type: 'Deposited', data: { amount: 1, at: '' } }], expected.any);
  });
  printComparison(`Event appended → socket.io-client, ${RATE_PER_SECOND} events/s, ${count} events`, baseline, subject, 'p99 within 5 ms of the bare emit');

  socket.disconnect();
  await runner.stop();
  await realtime.close();
  await eventStore.close();
  await rm(dir, { recursive: true });
}
