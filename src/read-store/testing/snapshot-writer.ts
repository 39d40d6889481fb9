import type { ReadModelSnapshot } from '../memory-snapshot';
import { writeSnapshotFile } from '../memory-snapshot';

/**
 * The snapshot written for mark `position`: its documents follow from the
 * position alone, so a reader can tell a whole snapshot from a mixture.
 */
export function snapshotAt(position: number): ReadModelSnapshot {
  const docs = Array.from({ length: 20_000 }, (_, i) => ({ _id: `doc-${i}`, position, owner: `owner-${i % 97}`, amount: i * position, open: i % 2 === 0, tags: [position, i] }));
  return { mark: { position, eventId: `event-${position}` }, parts: [{ name: 'tally', version: 1, position, collections: [['tally', docs]] }], writtenAt: new Date(0).toISOString() };
}

// Run by memory-snapshot.test.ts in a process of its own, killed with SIGKILL while it writes:
// writes snapshots 1, 2, 3, … to argv's path, printing each position once its write resolved.
const [path] = process.argv.slice(2);
if (path && process.argv[1]?.endsWith('snapshot-writer.ts')) {
  for (let position = 1; ; position++) {
    await writeSnapshotFile(path, snapshotAt(position));
    process.stdout.write(`${position}\n`);
  }
}
