import { createSqliteEventStore } from '../event-store/sqlite';
import type { AppDeps } from '../http/app';
import { createApp } from '../http/app';
import { createMemoryLogger } from '../http/logger';
import { createSessions } from '../http/session';
import type { Projection } from '../projections/projection';
import { createProjectionRunner } from '../projections/runner';
import { createMemoryReadStore } from '../read-store/memory';

export const TEST_ORIGIN = 'http://localhost:3000';

/** The app on the embedded backends, in memory, with a fixed clock. */
export async function createTestApp(options: { projections?: Projection[]; clientDir?: string; now?: Date } = {}) {
  const eventStore = createSqliteEventStore({ path: ':memory:' });
  const readStore = createMemoryReadStore();
  const projections = createProjectionRunner({ eventStore, readStore, projections: options.projections ?? [] });
  await projections.start();
  const logger = createMemoryLogger();
  const deps: AppDeps = {
    eventStore,
    readStore,
    projections,
    sessions: createSessions({ secret: 'test-secret-'.repeat(4), secure: false }),
    logger,
    clock: () => options.now ?? new Date('2026-11-22T10:00:00.000Z'),
    env: { publicUrl: TEST_ORIGIN, RATE_LIMITS: 'off' },
    ...(options.clientDir ? { clientDir: options.clientDir } : {}),
  };
  const app = createApp(deps);
  return {
    app,
    deps,
    logger,
    async close() {
      await projections.stop();
      await eventStore.close();
      await readStore.close();
    },
  };
}
