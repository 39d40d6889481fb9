import { createHash } from 'node:crypto';
import { open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { decodeCollection, decodeCollectionInSlices, encodeCollection } from './memory-snapshot-columns';
import type { Doc } from './port';

/*
 * A snapshot of in-memory read models in one file (docs/decisions/0052): a
 * start loads it and replays only the log after it. The file is written whole
 * to a temporary name, flushed to disk and renamed over the old one, so a
 * crash leaves either the old file or the new one. Its header gives the
 * body's length and SHA-256, so a file that is torn, cut short or changed in
 * any byte is ignored, never trusted.
 *
 * The body is each collection encoded on its own (memory-snapshot-columns.ts),
 * then a directory (V8's serialization of the mark and, per projection, where
 * each collection's bytes lie), then the directory's length. A start checks
 * the whole file, then decodes a collection only when it is first used.
 */

const MAGIC = 'bidhome-read-models';
/** The layout of the file and of what the memory store stores, as written; a file of a format not readable here is ignored. */
export const SNAPSHOT_FORMAT = 4;
/** Formats still read: a format-3 file is loaded, and the next snapshot is written in the current one. */
const READABLE_FORMATS = new Set([3, SNAPSHOT_FORMAT]);

/** A collection still as the bytes a snapshot stores: what a start did not need yet. */
export interface EncodedCollection {
  count: number;
  encoded: Uint8Array;
}

/** A collection of a snapshot as read: its size now, its documents when first asked for. */
export interface LazyCollection extends EncodedCollection {
  docs(): Doc[];
  /** The same documents a slice at a time (`decodeCollectionInSlices`). */
  slices(rows: number): Iterator<Doc[]>;
}

/** What one projection's read models were at `position`. */
export interface SnapshotPart<Collection = readonly Doc[] | EncodedCollection> {
  name: string;
  /** The projection's code version when written; another version is rebuilt from the log. */
  version: number;
  /** The last log position the projection applied. */
  position: number;
  collections: Array<[name: string, docs: Collection]>;
}

export interface ReadModelSnapshot<Collection = readonly Doc[] | EncodedCollection> {
  /** The last event applied before the snapshot, so a start can check that the log is the same log. */
  mark: { position: number; eventId: string };
  parts: Array<SnapshotPart<Collection>>;
  writtenAt: string;
}

interface Header {
  format: number;
  bytes: number;
  sha256: string;
  /** The mark's position, readable without the body: a writer skips a file already as far as its own. */
  position: number;
}

/** Where each collection's bytes lie after the directory: offset, length, number of documents. */
interface Directory {
  mark: ReadModelSnapshot['mark'];
  writtenAt: string;
  parts: Array<Omit<SnapshotPart, 'collections'> & { collections: Array<[name: string, offset: number, length: number, count: number]> }>;
}

const digest = (body: Uint8Array) => createHash('sha256').update(body).digest('hex');

/** The header's room, in characters: written last, over spaces, once the body's length and digest are known. */
const HEADER_WIDTH = 200;

/**
 * Where the directory lies in a body: format 3 put it first (its length, then
 * it, then the collections), format 4 last (the collections, then it, then its
 * length), so that a writer sends each collection to the file as soon as it is
 * encoded and never holds them all.
 */
function directoryOf(body: Buffer, format: number): { directory: Directory; collectionsStart: number; collectionsEnd: number } {
  if (format === 3) {
    const end = 4 + body.readUInt32LE(0);
    return { directory: deserialize(body.subarray(4, end)) as Directory, collectionsStart: end, collectionsEnd: body.length };
  }
  const start = body.length - 4 - body.readUInt32LE(body.length - 4);
  if (start < 0) throw new Error('directory past the start of the snapshot');
  return { directory: deserialize(body.subarray(start, body.length - 4)) as Directory, collectionsStart: 0, collectionsEnd: start };
}

function decode(body: Buffer, format: number): ReadModelSnapshot<LazyCollection> {
  const { directory, collectionsStart, collectionsEnd } = directoryOf(body, format);
  const lazy = (offset: number, length: number, count: number): LazyCollection => {
    if (collectionsStart + offset + length > collectionsEnd) throw new Error('collection past the end of the snapshot');
    const encoded = body.subarray(collectionsStart + offset, collectionsStart + offset + length);
    return { count, encoded, docs: () => decodeCollection(encoded), slices: (rows) => decodeCollectionInSlices(encoded, rows) };
  };
  return {
    mark: directory.mark,
    writtenAt: directory.writtenAt,
    parts: directory.parts.map((part) => ({ ...part, collections: part.collections.map(([name, offset, length, count]): [string, LazyCollection] => [name, lazy(offset, length, count)]) })),
  };
}

/**
 * Writes `snapshot` to `path` so that a crash at any moment leaves the old
 * file or the new one whole. Each collection goes to the file as soon as it
 * is encoded: a node holding large read models never holds a second copy of
 * them all, which had the garbage collector working most of a million-event
 * node's snapshot (docs/decisions/0052).
 */
export async function writeSnapshotFile(path: string, snapshot: ReadModelSnapshot): Promise<{ bytes: number }> {
  // A name of its own per writer: processes sharing DATA_DIR may write at once.
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${crypto.randomUUID()}.tmp`);
  const file = await open(temporary, 'w');
  let bytes = 0;
  try {
    const magic = `${MAGIC}\n`;
    await file.write(`${magic}${' '.repeat(HEADER_WIDTH)}\n`);
    const hash = createHash('sha256');
    const put = async (chunk: Uint8Array) => {
      hash.update(chunk);
      await file.write(chunk);
      bytes += chunk.length;
    };
    const parts: Directory['parts'] = [];
    for (const part of snapshot.parts) {
      const collections: Directory['parts'][number]['collections'] = [];
      for (const [name, docs] of part.collections) {
        // A collection nobody touched since the start goes back as it came.
        const blob = 'encoded' in docs ? docs.encoded : await encodeCollection(docs);
        collections.push([name, bytes, blob.length, 'encoded' in docs ? docs.count : docs.length]);
        await put(blob);
      }
      parts.push({ name: part.name, version: part.version, position: part.position, collections });
    }
    const directory = serialize({ mark: snapshot.mark, writtenAt: snapshot.writtenAt, parts } satisfies Directory);
    const length = Buffer.alloc(4);
    length.writeUInt32LE(directory.length);
    await put(directory);
    await put(length);
    const header: Header = { format: SNAPSHOT_FORMAT, bytes, sha256: hash.digest('hex'), position: snapshot.mark.position };
    const line = JSON.stringify(header);
    // Its room is fixed: a longer header would run over the body's first bytes.
    if (line.length > HEADER_WIDTH) throw new Error(`snapshot header of ${line.length} characters, room for ${HEADER_WIDTH}`);
    await file.write(line.padEnd(HEADER_WIDTH), Buffer.byteLength(magic));
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
  return { bytes };
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

/**
 * The snapshot at `path`, checked whole, each collection decoded when first
 * asked for; or why there is none to trust. Never throws for a bad file.
 */
export async function openSnapshotFile(path: string): Promise<{ snapshot: ReadModelSnapshot<LazyCollection> } | { refused: SnapshotRefusal }> {
  let file: Buffer;
  try {
    file = await readFile(path);
  } catch {
    return { refused: 'missing' };
  }
  const header = headerOf(file);
  if (!header) return { refused: 'torn' };
  if (!READABLE_FORMATS.has(header.value.format)) return { refused: 'format' };
  const body = file.subarray(header.end);
  if (body.length !== header.value.bytes || digest(body) !== header.value.sha256) return { refused: 'torn' };
  try {
    return { snapshot: decode(body, header.value.format) };
  } catch {
    return { refused: 'torn' };
  }
}

/** The snapshot at `path` with every collection decoded, or why there is none to trust. Never throws for a bad file. */
export async function readSnapshotFile(path: string): Promise<{ snapshot: ReadModelSnapshot<Doc[]> } | { refused: SnapshotRefusal }> {
  const opened = await openSnapshotFile(path);
  if ('refused' in opened) return opened;
  const { snapshot } = opened;
  try {
    return { snapshot: { ...snapshot, parts: snapshot.parts.map((part) => ({ ...part, collections: part.collections.map(([name, lazy]): [string, Doc[]] => [name, lazy.docs()]) })) } };
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
    return header !== undefined && READABLE_FORMATS.has(header.value.format) ? header.value.position : undefined;
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
