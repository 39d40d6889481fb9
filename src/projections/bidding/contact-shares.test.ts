import { describe, expect, it } from 'vitest';
import type { NewEvent } from '../../event-store/port';
import { expected } from '../../event-store/port';
import { createSqliteEventStore } from '../../event-store/sqlite';
import { createMemoryReadStore } from '../../read-store/memory';
import type { ReadStore } from '../../read-store/port';
import { createContactSharesProjection, loadContactShares } from './contact-shares';
import { createProjectionRunner } from '../runner';

const event = (type: string, data: unknown): NewEvent => ({ id: crypto.randomUUID(), type, data });
const selected = (propertyId: string, ownerId: string, realtorId: string, at: string) =>
  event('BidSelected', { propertyId, bidId: `bid-${propertyId}`, ownerId, realtorId, at });

async function project(store: ReturnType<typeof createSqliteEventStore>, readStore: ReadStore) {
  const runner = createProjectionRunner({ eventStore: store, readStore, projections: [createContactSharesProjection()] });
  await runner.start();
  await runner.stop();
}

describe('contact shares projection', () => {
  it('keeps one entry per selection for both parties, newest first, and nothing from other streams', async () => {
    const store = createSqliteEventStore({ path: ':memory:' });
    await store.append('selection-p1', [selected('p1', 'o1', 'r1', '2026-12-01T10:00:00.000Z')], expected.any);
    await store.append('selection-p2', [selected('p2', 'o2', 'r1', '2026-12-02T10:00:00.000Z')], expected.any);
    // Not a selection stream: no reveal.
    await store.append('property-p3', [selected('p3', 'o1', 'r2', '2026-12-03T10:00:00.000Z')], expected.any);
    const readStore = createMemoryReadStore();
    await project(store, readStore);

    expect((await loadContactShares(readStore, 'r1')).map((s) => s.propertyId)).toEqual(['p2', 'p1']);
    expect(await loadContactShares(readStore, 'o1')).toMatchObject([{ propertyId: 'p1', ownerId: 'o1', realtorId: 'r1', at: '2026-12-01T10:00:00.000Z' }]);
    expect(await loadContactShares(readStore, 'r2')).toEqual([]);

    // Applying the log again writes nothing twice.
    await project(store, readStore);
    expect(await loadContactShares(readStore, 'r1')).toHaveLength(2);
  });
});
