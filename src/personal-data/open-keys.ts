import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { databaseNameOf } from '../read-store/mongodb';
import type { CachedPersonalKeys } from './keys';
import { withKeyCache } from './keys';
import { createMongoPersonalKeys } from './mongodb-keys';
import { createSqlitePersonalKeys } from './sqlite-keys';

/**
 * How long a node trusts a key it found before asking the store again: an
 * erasure on another node is honoured within this long even before this node
 * reads the AccountErased event (docs/decisions/0042).
 */
export const KEY_CACHE_MS = 1000;

/**
 * How long a node seals with a key it found (docs/decisions/0052): what is
 * sealed under a key erased meanwhile opens nowhere, so it reads as erased.
 */
export const SEAL_KEY_CACHE_MS = 10 * 60_000;

/** A shared log without a shared key store: what to set, in one line (src/http/env.ts says the same at start). */
export class SharedKeysRequiredError extends Error {
  constructor() {
    super('MONGODB_URL: is required when EVENTSTORE_URL is set: every node must read and erase personal-data keys in one store');
    this.name = 'SharedKeysRequiredError';
  }
}

export type KeysPlace = { kind: 'mongodb'; url: string } | { kind: 'sqlite'; path: string };

/**
 * Where the personal keys live, wherever the log is shared (docs/decisions/0061):
 * the read models' MongoDB when there is one (collection personal_keys, which
 * no rebuild drops); else DATA_DIR/keys.db beside the SQLite log, which every
 * process on that log shares since it shares the DATA_DIR. A KurrentDB log
 * without MongoDB is refused: each node's own keys.db would make every other
 * node's users read as erased, and an erasure would reach one node only.
 */
export function personalKeysPlace(env: { EVENTSTORE_URL?: string | undefined; MONGODB_URL?: string | undefined }, dataDir: string): KeysPlace {
  if (env.MONGODB_URL) return { kind: 'mongodb', url: env.MONGODB_URL };
  if (env.EVENTSTORE_URL) throw new SharedKeysRequiredError();
  return { kind: 'sqlite', path: join(dataDir, 'keys.db') };
}

export async function openPersonalKeys(env: { EVENTSTORE_URL?: string | undefined; MONGODB_URL?: string | undefined }, dataDir: string): Promise<CachedPersonalKeys> {
  const place = personalKeysPlace(env, dataDir);
  if (place.kind === 'sqlite') return withKeyCache(createSqlitePersonalKeys(place.path), { ttlMs: KEY_CACHE_MS, sealTtlMs: SEAL_KEY_CACHE_MS });
  const client = new MongoClient(place.url);
  await client.connect();
  return withKeyCache(createMongoPersonalKeys(client.db(databaseNameOf(place.url)), () => client.close()), { ttlMs: KEY_CACHE_MS, sealTtlMs: SEAL_KEY_CACHE_MS });
}
