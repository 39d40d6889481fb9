import { afterAll, afterEach, beforeAll, describe } from 'vitest';
import { describeIndexConformance } from './conformance-indexes';
import { describeReadConformance } from './conformance-reads';
import { describeWriteConformance } from './conformance-writes';
import type { ConformanceContext } from './conformance-context';
import type { Collection, Doc, ReadStore } from './port';

// Every test of the port, run against one backend; every backend must pass all of them.
export function describeReadStoreConformance(backend: string, create: () => Promise<ReadStore> | ReadStore): void {
  describe(`read store conformance: ${backend}`, () => {
    let store: ReadStore | undefined;
    const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    let created = 0;
    const used: Array<Collection<Doc>> = [];

    const context: ConformanceContext = {
      fresh<T extends Doc = Doc>() {
        const collection = context.store().collection<T>(`conformance_${run}_${created++}`);
        used.push(collection as unknown as Collection<Doc>);
        return collection;
      },
      store() {
        if (!store) throw new Error('The store is not open');
        return store;
      },
    };

    beforeAll(async () => {
      store = await create();
    });
    afterEach(async () => {
      for (const collection of used.splice(0)) await collection.drop();
    });
    afterAll(async () => {
      await store?.close();
    });

    describeReadConformance(context);
    describeWriteConformance(context);
    describeIndexConformance(context);
  });
}
