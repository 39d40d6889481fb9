// Appends single events to a SQLite event store as fast as it can and prints one
// JSON line per acknowledged append, only once the append has resolved:
//   node --import tsx crash-appender.ts <db-path> [stream-count]
// Meant to be killed at any moment; every printed line must survive in the file.
import { randomUUID } from 'node:crypto';
import { expected } from '../port';
import { createSqliteEventStore } from '../sqlite';

const [dbPath, streamCountArg = '4'] = process.argv.slice(2);
const streamCount = Number(streamCountArg);
if (!dbPath || !Number.isInteger(streamCount) || streamCount < 1) {
  process.stderr.write('usage: crash-appender <db-path> [stream-count]\n');
  process.exit(2);
}

const store = createSqliteEventStore({ path: dbPath });
const streams = Array.from({ length: streamCount }, (_, n) => `crash-appender-${n}`);

// Continue where an earlier run on the same file stopped.
const revisions = new Map<string, number>();
for (const streamId of streams) {
  revisions.set(streamId, (await store.readStream(streamId)).at(-1)?.revision ?? -1);
}

for (let n = 0; ; n += 1) {
  const streamId = streams[n % streams.length] ?? 'crash-appender-0';
  const revision = revisions.get(streamId) ?? -1;
  const id = randomUUID();
  const result = await store.append(
    streamId,
    [{ id, type: 'CrashAppenderAppended', data: { n } }],
    revision < 0 ? expected.noStream : expected.revision(revision),
  );
  revisions.set(streamId, result.nextRevision);
  // Writes to a pipe are synchronous on Linux: once this returns, the parent can read the line.
  process.stdout.write(`${JSON.stringify({ id, streamId, revision: result.nextRevision, position: result.position })}\n`);
}
