import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openReadModels } from '../projections/read-models';
import { createMemoryReadStore } from '../read-store/memory';
import { createMongoReadStore } from '../read-store/mongodb';
import type { ReadStore } from '../read-store/port';
import type { Leases } from './leases';
import { createReadStoreLeases } from './leases';
import { createSqliteLeases } from './leases-sqlite';

// Every lease store must pass these: what lets one node, of several, work an item (docs/decisions/0063).
function describeLeaseConformance(backend: string, open: () => Promise<{ leases: Leases; other: Leases; close(): Promise<void> }>) {
  describe(`leases: ${backend}`, () => {
    let a: Leases;
    let b: Leases;
    let close: () => Promise<void>;
    const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    let n = 0;
    const key = () => `test:${run}:${n++}`;
    const t0 = 1_800_000_000_000;
    beforeAll(async () => {
      const opened = await open();
      a = opened.leases;
      b = opened.other;
      close = opened.close;
    });
    afterAll(async () => close());

    it('gives a free item to the first holder and refuses the second while the lease runs', async () => {
      const item = key();
      expect(await a.take(item, 'node-a', 1000, t0)).toBe(true);
      expect(await b.take(item, 'node-b', 1000, t0 + 1)).toBe(false);
      expect(await b.take(item, 'node-b', 1000, t0 + 999)).toBe(false);
    });

    it('of two holders racing for one item, exactly one gets it', async () => {
      const item = key();
      const taken = await Promise.all([a.take(item, 'node-a', 1000, t0), b.take(item, 'node-b', 1000, t0)]);
      expect(taken.filter(Boolean)).toHaveLength(1);
    });

    it('renews the holder\'s own lease, and lets another take it once it ran out', async () => {
      const item = key();
      expect(await a.take(item, 'node-a', 1000, t0)).toBe(true);
      expect(await a.take(item, 'node-a', 1000, t0 + 900)).toBe(true);
      // Renewed at t0 + 900: still held at t0 + 1500.
      expect(await b.take(item, 'node-b', 1000, t0 + 1500)).toBe(false);
      expect(await b.take(item, 'node-b', 1000, t0 + 1900)).toBe(true);
      expect(await a.take(item, 'node-a', 1000, t0 + 1901)).toBe(false);
    });

    it('lets an item go at once when its holder releases it, and only its holder', async () => {
      const item = key();
      expect(await a.take(item, 'node-a', 60_000, t0)).toBe(true);
      await b.release(item, 'node-b');
      expect(await b.take(item, 'node-b', 60_000, t0 + 1)).toBe(false);
      await a.release(item, 'node-a');
      expect(await b.take(item, 'node-b', 60_000, t0 + 2)).toBe(true);
    });

    it('keeps items apart', async () => {
      const one = key();
      const two = key();
      expect(await a.take(one, 'node-a', 1000, t0)).toBe(true);
      expect(await b.take(two, 'node-b', 1000, t0)).toBe(true);
    });
  });
}

describeLeaseConformance('read store in memory (one process)', async () => {
  const store = openReadModels(createMemoryReadStore());
  return { leases: createReadStoreLeases(store), other: createReadStoreLeases(store), close: () => store.close() };
});

describeLeaseConformance('SQLite file (the processes of one machine)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'leases-'));
  const path = join(dir, 'leases.db');
  // Two handles on one file, as two processes on one DATA_DIR have.
  const leases = createSqliteLeases(path);
  const other = createSqliteLeases(path);
  return {
    leases,
    other,
    async close() {
      await Promise.all([leases.close(), other.close()]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

// Needs a MongoDB server (docker-compose provides one); none runs on the build machines.
describe.runIf(Boolean(process.env.MONGODB_URL))('leases on MongoDB', () => {
  describeLeaseConformance('MongoDB (every node)', async () => {
    const stores: ReadStore[] = await Promise.all([1, 2].map(() => createMongoReadStore({ url: process.env.MONGODB_URL ?? '', dbName: 'lease_conformance' })));
    const [one, two] = stores as [ReadStore, ReadStore];
    return { leases: createReadStoreLeases(one), other: createReadStoreLeases(two), close: async () => void (await Promise.all(stores.map((s) => s.close()))) };
  });
});
