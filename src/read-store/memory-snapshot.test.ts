import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serialize } from 'node:v8';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReadModelSnapshot } from './memory-snapshot';
import { encodeCollection } from './memory-snapshot-columns';
import { readSnapshotFile, removeAbandonedWrites, snapshotPosition, writeSnapshotFile } from './memory-snapshot';
import { snapshotAt } from './testing/snapshot-writer';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'memory-snapshot-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const varied: ReadModelSnapshot = {
  mark: { position: 42, eventId: 'e-42' },
  writtenAt: '2026-11-27T00:00:00.000Z',
  parts: [
    {
      name: 'one',
      version: 3,
      position: 42,
      collections: [
        [
          'mixed',
          [
            { _id: 'a', name: 'Ann', refundedAt: null, amount: 1.5, open: true, tags: ['x', 'y'], nested: { deep: [1, { two: 2 }] } },
            { _id: 'b', name: 'Bob', refundedAt: '2026-01-01T00:00:00.000Z', amount: -0, open: false, tags: [], nested: { deep: [] } },
            // Another order of fields, a field missing, a column of several kinds.
            { _id: 'c', amount: 3, name: 'Ann', odd: 'text' },
            { _id: 'd', amount: 4, name: null, odd: 7 },
            { _id: 'e', _deleted: true, _position: 41 },
          ],
        ],
        ['empty', []],
      ],
    },
  ],
};

describe('a read-model snapshot file', () => {
  it('reads back every document as written, whatever its fields', async () => {
    const path = join(dir, 'snapshot');
    await writeSnapshotFile(path, varied);
    const read = await readSnapshotFile(path);
    expect(read).toEqual({ snapshot: varied });
    expect(await snapshotPosition(path)).toBe(42);
    expect(await readdir(dir)).toEqual(['snapshot']);
  });

  it('given a file of the previous format (its directory first), reads it, so an upgrade does not replay the log', async () => {
    const path = join(dir, 'snapshot');
    const [part] = varied.parts;
    if (!part) throw new Error('no part');
    const blobs = await Promise.all(part.collections.map(([, docs]) => encodeCollection(docs as never)));
    let offset = 0;
    const collections = part.collections.map(([name, docs], i) => {
      const at = offset;
      offset += (blobs[i] as Buffer).length;
      return [name, at, (blobs[i] as Buffer).length, (docs as unknown[]).length];
    });
    const directory = serialize({ mark: varied.mark, writtenAt: varied.writtenAt, parts: [{ name: part.name, version: part.version, position: part.position, collections }] });
    const length = Buffer.alloc(4);
    length.writeUInt32LE(directory.length);
    const body = Buffer.concat([length, directory, ...blobs]);
    const header = { format: 3, bytes: body.length, sha256: createHash('sha256').update(body).digest('hex'), position: 42 };
    await writeFile(path, Buffer.concat([Buffer.from(`bidhome-read-models\n${JSON.stringify(header)}\n`), body]));

    expect(await readSnapshotFile(path)).toEqual({ snapshot: varied });
    expect(await snapshotPosition(path)).toBe(42);
  });

  it('leaves a write in progress alone and removes those of writers that are gone', async () => {
    const path = join(dir, 'snapshot');
    const mine = `.snapshot.${process.pid}.${crypto.randomUUID()}.tmp`;
    // Pid 2^22 + 1 is above Linux's pid_max: no such process.
    const gone = `.snapshot.${2 ** 22 + 1}.${crypto.randomUUID()}.tmp`;
    await writeFile(join(dir, mine), 'half');
    await writeFile(join(dir, gone), 'half');
    await writeFile(join(dir, 'other.tmp'), 'not ours');
    expect(await removeAbandonedWrites(path)).toEqual([gone]);
    expect((await readdir(dir)).sort()).toEqual([mine, 'other.tmp'].sort());
  });

  it('is refused when missing, cut short, changed in one byte, or not a snapshot', async () => {
    const path = join(dir, 'snapshot');
    expect(await readSnapshotFile(path)).toEqual({ refused: 'missing' });
    expect(await snapshotPosition(path)).toBeUndefined();
    await writeSnapshotFile(path, snapshotAt(7));
    const whole = await readFile(path);
    const header = whole.indexOf(10, whole.indexOf(10) + 1) + 1;
    const torn = [
      whole.subarray(0, whole.length - 1),
      whole.subarray(0, header + 10),
      whole.subarray(0, header - 5),
      Buffer.concat([whole.subarray(0, header + 1000), Buffer.from([whole[header + 1000] === 0 ? 1 : 0]), whole.subarray(header + 1001)]),
      Buffer.concat([whole, Buffer.from([0])]),
      Buffer.from('not a snapshot at all\n{}\n'),
      Buffer.alloc(0),
    ];
    for (const bytes of torn) {
      await writeFile(path, bytes);
      expect(await readSnapshotFile(path)).toEqual({ refused: 'torn' });
    }
  });

  it('killed with SIGKILL while being written, is the last whole snapshot or the one being written, never torn', async () => {
    const path = join(dir, 'snapshot');
    const script = fileURLToPath(new URL('./testing/snapshot-writer.ts', import.meta.url));
    const root = fileURLToPath(new URL('../..', import.meta.url));
    for (let run = 0; run < 3; run++) {
      const child = spawn(process.execPath, ['--import', 'tsx', script, path], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
      let acknowledged = 0;
      const killAfter = 2 + run;
      await new Promise<void>((resolve) => {
        child.stdout.setEncoding('utf8');
        child.stdout.on('data', (chunk: string) => {
          acknowledged = Math.max(acknowledged, ...chunk.split('\n').filter(Boolean).map(Number));
          // Killed a moment into the next write: somewhere in serializing, writing, syncing or renaming.
          if (acknowledged >= killAfter) setTimeout(() => child.kill('SIGKILL'), 5 + 40 * run);
        });
        child.once('exit', () => resolve());
      });
      expect(acknowledged).toBeGreaterThanOrEqual(killAfter);
      const read = await readSnapshotFile(path);
      if (!('snapshot' in read)) throw new Error(`snapshot refused: ${read.refused}`);
      const { position } = read.snapshot.mark;
      expect(position === acknowledged || position === acknowledged + 1).toBe(true);
      expect(read.snapshot).toEqual(snapshotAt(position));
      // What the killed writer left half-written has a name of its own, which no reader opens, and the next start removes.
      await removeAbandonedWrites(path);
      expect(await readdir(dir)).toEqual(['snapshot']);
    }
  });
});
