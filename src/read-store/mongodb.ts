import { MongoClient, MongoServerError, ObjectId } from 'mongodb';
import type { Document, Collection as MongoCollection, Filter as MongoFilter, UpdateFilter } from 'mongodb';
import { DELETED_FIELD, DuplicateKeyError, namesDeleted } from './port';
import type { Collection, Doc, Filter, FindOptions, ReadStore, Update, UpdateOptions, UpdateResult } from './port';
import { assertDeclaredFilter, assertDeclaredUpdate, assertFindOptions, assertKeys } from './validate';

const NAMESPACE_NOT_FOUND = 26;

/** Where the read models go when the connection string names no database. */
export const DEFAULT_DATABASE = 'bidhome';

/** The database a connection string names, else DEFAULT_DATABASE: the driver alone would pick `test`. */
export function databaseNameOf(url: string): string {
  const afterScheme = url.slice(url.indexOf('://') + 3);
  const hostsEnd = afterScheme.search(/[/?]/);
  if (hostsEnd === -1 || afterScheme[hostsEnd] !== '/') return DEFAULT_DATABASE;
  const path = afterScheme.slice(hostsEnd + 1).split('?')[0] ?? '';
  return path === '' ? DEFAULT_DATABASE : decodeURIComponent(path);
}

export async function createMongoReadStore(options: { url: string; dbName?: string }): Promise<ReadStore> {
  // Undefined fields are left out, as the memory adapter does, rather than stored as null.
  const client = new MongoClient(options.url, { ignoreUndefined: true });
  await client.connect();
  const db = client.db(options.dbName ?? databaseNameOf(options.url));
  return {
    collection<T extends Doc = Doc>(name: string): Collection<T> {
      return createCollection(db.collection<Document>(name), name) as unknown as Collection<T>;
    },
    async close() {
      await client.close();
    },
  };
}

function createCollection(collection: MongoCollection<Document>, name: string): Collection<Doc> {
  const guard = async <R>(work: () => Promise<R>): Promise<R> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof MongoServerError && error.code === 11000) {
        throw new DuplicateKeyError(name, (error.keyValue as Record<string, unknown> | undefined) ?? {});
      }
      throw error;
    }
  };

  const update = async (filter: Filter, change: Update, options: UpdateOptions, many: boolean): Promise<UpdateResult> => {
    assertDeclaredFilter(filter);
    assertDeclaredUpdate(change);
    const result = await guard(() => {
      const query = filter as MongoFilter<Document>;
      const modifier = withStringUpsertId(filter, change, options) as UpdateFilter<Document>;
      return many ? collection.updateMany(query, modifier, { upsert: options.upsert ?? false }) : collection.updateOne(query, modifier, { upsert: options.upsert ?? false });
    });
    const upserted = result.upsertedCount > 0 && result.upsertedId !== null ? { upsertedId: String(result.upsertedId) } : {};
    return { matchedCount: result.matchedCount, modifiedCount: result.modifiedCount, ...upserted };
  };

  const find = async (filter: Filter, options: FindOptions = {}): Promise<Doc[]> => {
    assertDeclaredFilter(filter);
    assertFindOptions(options);
    const { sort, skip, limit, projection } = options;
    const cursor = collection.find(liveOnly(filter), {
      ...(sort ? { sort } : {}),
      ...(skip ? { skip } : {}),
      ...(limit ? { limit } : {}),
      ...(projection ? { projection } : {}),
    });
    return (await cursor.toArray()) as unknown as Doc[];
  };

  return {
    name,
    async findOne(filter, options = {}) {
      const [found] = await find(filter, { ...options, limit: 1 });
      return found ?? null;
    },
    find,
    async countDocuments(filter = {}) {
      assertDeclaredFilter(filter);
      return collection.countDocuments(liveOnly(filter));
    },
    async insertOne(doc) {
      if (typeof doc._id !== 'string') throw new Error('Documents need a string _id');
      // The driver would add an ObjectId `_id` to the caller's object; hand it a copy.
      await guard(() => collection.insertOne({ ...doc } as Document));
    },
    async updateOne(filter, change, options = {}) {
      return update(filter, change, options, false);
    },
    async updateMany(filter, change, options = {}) {
      return update(filter, change, options, true);
    },
    async deleteOne(filter) {
      assertDeclaredFilter(filter);
      const { deletedCount } = await collection.deleteOne(filter as MongoFilter<Document>);
      return { deletedCount };
    },
    async deleteMany(filter = {}) {
      assertDeclaredFilter(filter);
      const { deletedCount } = await collection.deleteMany(filter as MongoFilter<Document>);
      return { deletedCount };
    },
    async createIndex(keys, options = {}) {
      assertKeys(keys);
      await guard(() => collection.createIndex(keys, { ...(options.unique ? { unique: true } : {}), ...(options.name ? { name: options.name } : {}) }));
    },
    async drop() {
      try {
        await collection.drop();
      } catch (error) {
        if (!(error instanceof MongoServerError && error.code === NAMESPACE_NOT_FOUND)) throw error;
      }
    },
  };
}

// Reads never see tombstones unless they ask about them (port.ts DELETED_FIELD).
function liveOnly(filter: Filter): MongoFilter<Document> {
  return (namesDeleted(filter) ? filter : { ...filter, [DELETED_FIELD]: { $exists: false } }) as MongoFilter<Document>;
}

// An upsert whose filter names no `_id` would get an ObjectId from the server;
// give it a string of the same shape instead, so every `_id` stays a string.
function withStringUpsertId(filter: Filter, change: Update, options: UpdateOptions): Update {
  if (!options.upsert || mentionsId(filter) || '_id' in (change.$set ?? {}) || '_id' in (change.$setOnInsert ?? {})) return change;
  return { ...change, $setOnInsert: { ...change.$setOnInsert, _id: new ObjectId().toHexString() } };
}

function mentionsId(filter: Filter): boolean {
  if ('_id' in filter) return true;
  const clauses = filter.$and;
  return Array.isArray(clauses) && clauses.some((clause) => mentionsId(clause as Filter));
}
