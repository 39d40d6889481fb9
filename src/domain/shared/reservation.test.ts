import { describe, expect, it } from 'vitest';
import { createSqliteEventStore } from '../../event-store/sqlite';
import { handleCommand, loadState } from './command-handler';
import { ConflictError } from './errors';
import { given } from './given-when-then';
import type { ReservationEvent } from './reservation';
import { reservation, reservationStreamId } from './reservation';

const at = '2026-11-22T10:00:00.000Z';
const takenMessage = 'Username already exists';
const reservedBy = (ownerId: string): ReservationEvent => ({ type: 'NameReserved', data: { ownerId, at } });

describe('reservation', () => {
  it('reserves a free name', () => {
    given(reservation).when({ type: 'Reserve', ownerId: 'u1', at, takenMessage }).then([reservedBy('u1')]);
  });

  it('refuses a name held by another owner with the given message', () => {
    given(reservation, [reservedBy('u1')]).when({ type: 'Reserve', ownerId: 'u2', at, takenMessage }).thenThrows(ConflictError, takenMessage);
  });

  it('is a no-op for the owner who already holds it', () => {
    given(reservation, [reservedBy('u1')]).when({ type: 'Reserve', ownerId: 'u1', at, takenMessage }).then([]);
  });

  it('reserves again after a release', () => {
    given(reservation, [reservedBy('u1'), { type: 'NameReleased', data: { ownerId: 'u1', at } }])
      .when({ type: 'Reserve', ownerId: 'u2', at, takenMessage })
      .then([reservedBy('u2')]);
  });

  it('reclaims a name only from the named holder', () => {
    given(reservation, [reservedBy('orphan')])
      .when({ type: 'Reserve', ownerId: 'u2', at, takenMessage, reclaimFrom: 'orphan' })
      .then([{ type: 'NameReleased', data: { ownerId: 'orphan', at } }, reservedBy('u2')]);
    given(reservation, [reservedBy('u1')])
      .when({ type: 'Reserve', ownerId: 'u2', at, takenMessage, reclaimFrom: 'orphan' })
      .thenThrows(ConflictError, takenMessage);
  });

  it('releases only for the holder', () => {
    given(reservation, [reservedBy('u1')]).when({ type: 'Release', ownerId: 'u1', at }).then([{ type: 'NameReleased', data: { ownerId: 'u1', at } }]);
    given(reservation, [reservedBy('u1')]).when({ type: 'Release', ownerId: 'u2', at }).then([]);
    given(reservation).when({ type: 'Release', ownerId: 'u1', at }).then([]);
  });

  it('names streams case-insensitively', () => {
    expect(reservationStreamId('username', 'Jane_Doe')).toBe('username-jane_doe');
    expect(reservationStreamId('admin-email', ' Boss@Example.COM ')).toBe('admin-email-boss@example.com');
  });

  it('lets exactly one of many racing owners hold a name', async () => {
    const store = createSqliteEventStore({ path: ':memory:' });
    const streamId = reservationStreamId('username', 'jane');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        handleCommand(store, streamId, reservation, { type: 'Reserve', ownerId: `u${i}`, at, takenMessage }, { backoff: () => Promise.resolve() }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === 'rejected').every((o) => (o as PromiseRejectedResult).reason instanceof ConflictError)).toBe(true);
    expect((await store.readStream(streamId)).map((e) => e.type)).toEqual(['NameReserved']);
    expect((await loadState(store, streamId, reservation)).status).toBe('held');
    await store.close();
  });
});
