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
 * The key store every node of a deployment shares: the read models' MongoDB
 * when there is one (collection personal_keys, which no rebuild drops), else
 * DATA_DIR/keys.db beside, not inside, the event log's file.
 */
export async function openPersonalKeys(env: { MONGODB_URL?: string | undefined }, dataDir: string): Promise<CachedPersonalKeys> {
  if (!env.MONGODB_URL) return withKeyCache(createSqlitePersonalKeys(join(dataDir, 'keys.db')), { ttlMs: KEY_CACHE_MS });
  const client = new MongoClient(env.MONGODB_URL);
  await client.connect();
  return withKeyCache(createMongoPersonalKeys(client.db(databaseNameOf(env.MONGODB_URL)), () => client.close()), { ttlMs: KEY_CACHE_MS });
}
