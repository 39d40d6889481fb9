import { afterEach, describe, expect, it } from 'vitest';
import { expected } from '../../event-store/port';
import { createSqliteEventStore } from '../../event-store/sqlite';
import { createMemoryReadStore } from '../../read-store/memory';
import type { PositionedPush } from '../projection';
import { createProjectionRunner } from '../runner';
import { SESSION_ENDED_PUSH } from '../projection';
import { ENDED_SESSIONS, createSessionsProjection } from './sessions';

const at = '2026-11-22T10:00:00.000Z';
const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (stops.length > 0) await stops.pop()?.();
});

/** Follows the log live, so every appended event's pushes are kept. */
async function follow() {
  const eventStore = createSqliteEventStore({ path: ':memory:' });
  const readStore = createMemoryReadStore();
  const pushes: PositionedPush[] = [];
  const runner = createProjectionRunner({ eventStore, readStore, projections: [createSessionsProjection()], onPush: (p) => pushes.push(p) });
  await runner.start();
  stops.push(async () => {
    await runner.stop();
    await eventStore.close();
  });
  const append = async (streamId: string, type: string, data: unknown) => {
    const { position } = await eventStore.append(streamId, [{ id: crypto.randomUUID(), type, data }], expected.any);
    await runner.waitFor(position);
  };
  return { readStore, pushes, append };
}

describe('ended sessions projection', () => {
  it('records a signed-out session and tells the gateway to close its sockets', async () => {
    const { readStore, pushes, append } = await follow();
    await append('sessions-user-u1', 'SessionEnded', { kind: 'user', subject: 'u1', sessionId: 's1', expiresAt: '2026-12-22T10:00:00.000Z', at });
    expect(await readStore.collection(ENDED_SESSIONS).find({}, { projection: { _id: 1, kind: 1, subject: 1, expiresAt: 1 } })).toEqual([
      { _id: 's1', kind: 'user', subject: 'u1', expiresAt: '2026-12-22T10:00:00.000Z' },
    ]);
    expect(pushes.map(({ rooms, event, payload }) => ({ rooms, event, payload }))).toEqual([
      { rooms: ['user:u1'], event: SESSION_ENDED_PUSH, payload: { kind: 'user', subject: 'u1', sessionId: 's1' } },
    ]);
  });

  it('announces the end of every earlier session on a new session version, and on nothing else of the account', async () => {
    const { pushes, append } = await follow();
    await append('user-u1', 'SessionsEnded', { sessionVersion: 2, at });
    await append('user-u1', 'SignedIn', { at });
    await append('admin-a1', 'AdminPasswordSet', { adminId: 'a1', passwordHash: 'h', reason: 'creation', setBy: null, sessionVersion: 0, at });
    await append('admin-a1', 'AdminPasswordSet', { adminId: 'a1', passwordHash: 'h', reason: 'change', setBy: 'a0', sessionVersion: 1, at });
    await append('admin-a1', 'AdminDeactivated', { adminId: 'a1', deactivatedBy: 'a0', sessionVersion: 2, at });
    expect(pushes.map(({ rooms, payload }) => ({ rooms, payload }))).toEqual([
      { rooms: ['user:u1'], payload: { kind: 'user', subject: 'u1', sessionVersion: 2 } },
      { rooms: ['admin:a1'], payload: { kind: 'admin', subject: 'a1', sessionVersion: 1 } },
      { rooms: ['admin:a1'], payload: { kind: 'admin', subject: 'a1', sessionVersion: 2 } },
    ]);
  });
});
