import { createHash } from 'node:crypto';
import { open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { Doc } from './port';

/*
 * A snapshot of in-memory read models in one file (docs/decisions/0052): a
 * start loads it and replays only the log after it. The file is written whole
 * to a temporary name, flushed to disk and renamed over the old one, so a
 * crash leaves either the old file or the new one. Its header gives the
 * body's length and SHA-256, so a file that is torn, cut short or changed in
 * any byte is ignored, never trusted.
 *
 * The body is V8's serialization of the documents stored by columns: the
 * documents of a collection with the same fields in the same order share one
 * list of field names, each field's values are one column, and a column of
 * strings (most of them: ids, times) holds indexes into one table of the
 * distinct strings of the whole snapshot, as a typed array. Read back, a
 * string repeated across documents (a realtor's id in every bid, a listing's
 * area) is one string in memory, and V8 reads a typed array as bytes: a
 * start reads far less and allocates far less than it would from the
 * documents themselves.
 */

const MAGIC = 'bidhome-read-models';
/** The layout of the file and of what the memory store stores; a change makes every older file unreadable here. */
export const SNAPSHOT_FORMAT = 2;

/** What one projection's read models were at `position`. */
export interface SnapshotPart {
  name: string;
  /** The projection's code version when written; another version is rebuilt from the log. */
  version: number;
  /** The last log position the projection applied. */
  position: number;
  collections: Array<[name: string, docs: readonly Doc[]]>;
}

export interface ReadModelSnapshot {
  /** The last event applied before the snapshot, so a start can check that the log is the same log. */
  mark: { position: number; eventId: string };
  parts: SnapshotPart[];
  writtenAt: string;
}

interface Header {
  format: number;
  bytes: number;
  sha256: string;
  /** The mark's position, readable without the body: a writer skips a file already as far as its own. */
  position: number;
}

const digest = (body: Buffer) => createHash('sha256').update(body).digest('hex');

/**
 * One field's values down a group of documents: indexes into the string table
 * (0 for null, i + 1 for string i), numbers, booleans, or, for anything else,
 * the values themselves.
 */
type Column = { strings: Uint32Array } | { numbers: Float64Array } | { booleans: Uint8Array } | { values: unknown[] };

/** The documents of a collection that have the same fields in the same order. */
interface Group {
  fields: string[];
  count: number;
  columns: Column[];
}

interface StoredBody {
  mark: ReadModelSnapshot['mark'];
  writtenAt: string;
  strings: string[];
  parts: Array<Omit<SnapshotPart, 'collections'> & { collections: Array<[name: string, groups: Group[]]> }>;
}

/** Documents encoded between two turns of the event loop: a node writing its snapshot keeps answering meanwhile. */
const DOCS_PER_TURN = 20_000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function encode(snapshot: ReadModelSnapshot): Promise<StoredBody> {
  const strings: string[] = [];
  const indexOf = new Map<string, number>();
  const stringRef = (value: string) => {
    let index = indexOf.get(value);
    if (index === undefined) {
      index = strings.length;
      strings.push(value);
      indexOf.set(value, index);
    }
    return index + 1;
  };
  const column = (docs: readonly Doc[], field: string): Column => {
    let kind: 'strings' | 'numbers' | 'booleans' | undefined;
    for (const doc of docs) {
      const value = doc[field];
      const of = value === null || typeof value === 'string' ? 'strings' : typeof value === 'number' ? 'numbers' : typeof value === 'boolean' ? 'booleans' : undefined;
      if (of === undefined || (kind !== undefined && of !== kind)) return { values: docs.map((d) => d[field]) };
      kind = of;
    }
    if (kind === 'strings') return { strings: Uint32Array.from(docs, (d) => (d[field] === null ? 0 : stringRef(d[field] as string))) };
    if (kind === 'numbers') return { numbers: Float64Array.from(docs, (d) => d[field] as number) };
    return { booleans: Uint8Array.from(docs, (d) => (d[field] ? 1 : 0)) };
  };
  const groupsOf = async (docs: readonly Doc[]): Promise<Group[]> => {
    const byShape = new Map<string, { fields: string[]; docs: Doc[] }>();
    for (let i = 0; i < docs.length; i++) {
      if (i > 0 && i % DOCS_PER_TURN === 0) await nextTurn();
      const doc = docs[i] as Doc;
      const fields = Object.keys(doc);
      const shape = fields.join('\u0000');
      let group = byShape.get(shape);
      if (!group) byShape.set(shape, (group = { fields, docs: [] }));
      group.docs.push(doc);
    }
    const groups: Group[] = [];
    for (const { fields, docs: grouped } of byShape.values()) {
      const columns: Column[] = [];
      for (const field of fields) {
        columns.push(column(grouped, field));
        if (grouped.length >= DOCS_PER_TURN / 4) await nextTurn();
      }
      groups.push({ fields, count: grouped.length, columns });
    }
    return groups;
  };
  const parts: StoredBody['parts'] = [];
  for (const part of snapshot.parts) {
    const collections: Array<[string, Group[]]> = [];
    for (const [name, docs] of part.collections) collections.push([name, await groupsOf(docs)]);
    parts.push({ ...part, collections });
  }
  return { mark: snapshot.mark, writtenAt: snapshot.writtenAt, parts, strings };
}

function decode(body: StoredBody): ReadModelSnapshot {
  const { strings } = body;
  const docsOf = (groups: Group[]): Doc[] => {
    const docs: Doc[] = [];
    for (const { fields, count, columns } of groups) {
      const start = docs.length;
      for (let i = 0; i < count; i++) docs.push({} as Doc);
      fields.forEach((field, f) => {
        const column = columns[f] as Column;
        if ('strings' in column) {
          const refs = column.strings;
          for (let i = 0; i < count; i++) (docs[start + i] as Doc)[field] = refs[i] === 0 ? null : strings[(refs[i] as number) - 1];
        } else if ('numbers' in column) {
          for (let i = 0; i < count; i++) (docs[start + i] as Doc)[field] = column.numbers[i];
        } else if ('booleans' in column) {
          for (let i = 0; i < count; i++) (docs[start + i] as Doc)[field] = column.booleans[i] === 1;
        } else {
          for (let i = 0; i < count; i++) (docs[start + i] as Doc)[field] = column.values[i];
        }
      });
    }
    return docs;
  };
  return {
    mark: body.mark,
    writtenAt: body.writtenAt,
    parts: body.parts.map((part) => ({
      ...part,
      collections: part.collections.map(([name, groups], i): [string, Doc[]] => {
        const docs = docsOf(groups);
        // Its columns are no longer needed: let them go while the next collection is built.
        part.collections[i] = [name, []];
        return [name, docs];
      }),
    })),
  };
}

/** Writes `snapshot` to `path` so that a crash at any moment leaves the old file or the new one whole. */
export async function writeSnapshotFile(path: string, snapshot: ReadModelSnapshot): Promise<{ bytes: number }> {
  const body = serialize(await encode(snapshot));
  const header: Header = { format: SNAPSHOT_FORMAT, bytes: body.length, sha256: digest(body), position: snapshot.mark.position };
  // A name of its own per writer: processes sharing DATA_DIR may write at once.
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${crypto.randomUUID()}.tmp`);
  const file = await open(temporary, 'w');
  try {
    await file.writeFile(`${MAGIC}\n${JSON.stringify(header)}\n`);
    await file.writeFile(body);
    await file.sync();
  } catch (error) {
    await file.close();
    await rm(temporary, { force: true });
    throw error;
  }
  await file.close();
  await rename(temporary, path);
  // The rename itself must reach the disk before the snapshot counts as written.
  const directory = await open(dirname(path), 'r');
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
  return { bytes: body.length };
}

/**
 * Removes the half-written files of writers killed mid-write (their process
 * is gone); a live process's file is its write in progress and stays.
 */
export async function removeAbandonedWrites(path: string): Promise<string[]> {
  const prefix = `.${basename(path)}.`;
  const removed: string[] = [];
  let names: string[];
  try {
    names = await readdir(dirname(path));
  } catch {
    return removed;
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue;
    const pid = Number(name.slice(prefix.length).split('.')[0]);
    if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) continue;
    await rm(join(dirname(path), name), { force: true });
    removed.push(name);
  }
  return removed;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Why a snapshot file was not used, for the start's log line. */
export type SnapshotRefusal = 'missing' | 'torn' | 'format';

/** The snapshot at `path`, or why there is none to trust. Never throws for a bad file. */
export async function readSnapshotFile(path: string): Promise<{ snapshot: ReadModelSnapshot } | { refused: SnapshotRefusal }> {
  const stored = await readStored(path);
  if ('refused' in stored) return stored;
  // The file's bytes are unreachable from here on: the documents are built without them in memory too.
  return { snapshot: decode(stored.body) };
}

async function readStored(path: string): Promise<{ body: StoredBody } | { refused: SnapshotRefusal }> {
  let file: Buffer;
  try {
    file = await readFile(path);
  } catch {
    return { refused: 'missing' };
  }
  const header = headerOf(file);
  if (!header) return { refused: 'torn' };
  if (header.value.format !== SNAPSHOT_FORMAT) return { refused: 'format' };
  const body = file.subarray(header.end);
  if (body.length !== header.value.bytes || digest(body) !== header.value.sha256) return { refused: 'torn' };
  try {
    return { body: deserialize(body) as StoredBody };
  } catch {
    return { refused: 'torn' };
  }
}

/** The log position the snapshot at `path` reached, from its header alone; undefined without a readable header. */
export async function snapshotPosition(path: string): Promise<number | undefined> {
  let file;
  try {
    file = await open(path, 'r');
  } catch {
    return undefined;
  }
  try {
    const buffer = Buffer.alloc(1024);
    const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
    const header = headerOf(buffer.subarray(0, bytesRead));
    return header?.value.format === SNAPSHOT_FORMAT ? header.value.position : undefined;
  } finally {
    await file.close();
  }
}

function headerOf(file: Buffer): { value: Header; end: number } | undefined {
  const first = file.indexOf(10);
  if (first < 0 || file.toString('utf8', 0, first) !== MAGIC) return undefined;
  const second = file.indexOf(10, first + 1);
  if (second < 0) return undefined;
  try {
    const value = JSON.parse(file.toString('utf8', first + 1, second)) as Header;
    if (typeof value.bytes !== 'number' || typeof value.sha256 !== 'string' || typeof value.format !== 'number' || typeof value.position !== 'number') return undefined;
    return { value, end: second + 1 };
  } catch {
    return undefined;
  }
}
