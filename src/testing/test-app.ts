import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteEventStore } from '../event-store/sqlite';
import { composeApp } from '../http/compose';
import { createMemoryLogger } from '../http/logger';
import { createOutboxMailer } from '../mail/outbox';
import type { Mail } from '../mail/port';
import type { Projection } from '../projections/projection';
import { createMemoryReadStore } from '../read-store/memory';

export const TEST_ORIGIN = 'http://localhost:3000';

/** The whole app on the embedded backends, in memory, as the server wires it. */
export async function createTestApp(options: { projections?: Projection[]; clientDir?: string; now?: () => Date } = {}) {
  const eventStore = createSqliteEventStore({ path: ':memory:' });
  const readStore = createMemoryReadStore();
  const logger = createMemoryLogger();
  const outboxDir = join(mkdtempSync(join(tmpdir(), 'test-outbox-')), 'outbox');
  const composed = await composeApp({
    eventStore,
    readStore,
    mailer: createOutboxMailer({ dir: outboxDir }),
    logger,
    clock: options.now ?? (() => new Date()),
    env: { publicUrl: TEST_ORIGIN, RATE_LIMITS: 'off' },
    sessionSecret: 'test-secret-'.repeat(4),
    ...(options.clientDir ? { clientDir: options.clientDir } : {}),
    ...(options.projections ? { projections: options.projections } : {}),
  });
  return {
    ...composed,
    logger,
    /** Every mail sent so far, oldest first. */
    outbox(): Mail[] {
      let files: string[] = [];
      try {
        files = readdirSync(outboxDir).sort();
      } catch {
        return [];
      }
      return files.map((file) => JSON.parse(readFileSync(join(outboxDir, file), 'utf8')) as Mail);
    },
    async close() {
      await composed.runner.stop();
      await eventStore.close();
      await readStore.close();
      rmSync(outboxDir, { recursive: true, force: true });
    },
  };
}
