import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { createMemoryPersonalKeys, withKeyCache } from './keys';
import { describePersonalKeysConformance } from './keys-conformance';
import { createMongoPersonalKeys } from './mongodb-keys';
import { createSqlitePersonalKeys } from './sqlite-keys';

describePersonalKeysConformance('memory', () => createMemoryPersonalKeys(), false);

const keysFile = join(mkdtempSync(join(tmpdir(), 'personal-keys-')), 'keys.db');
describePersonalKeysConformance('sqlite file', () => createSqlitePersonalKeys(keysFile));

describePersonalKeysConformance('sqlite file behind a cache', () => withKeyCache(createSqlitePersonalKeys(keysFile), { ttlMs: 0 }));

// Needs a MongoDB server (docker-compose provides one); none runs on the build machines.
describe.runIf(Boolean(process.env.MONGODB_URL))('mongodb personal keys', () => {
  describePersonalKeysConformance('mongodb', async () => {
    const client = await new MongoClient(process.env.MONGODB_URL ?? '').connect();
    return createMongoPersonalKeys(client.db('personal_keys_conformance'), () => client.close());
  });
});

describe('the key cache', () => {
  it('answers a remembered key until its time is up, then asks the store again', async () => {
    let clock = 0;
    const inner = createSqlitePersonalKeys(keysFile);
    const cached = withKeyCache(inner, { ttlMs: 1000, now: () => clock });
    const key = await cached.keyFor('cached-subject');
    await inner.erase('cached-subject');
    expect((await cached.find('cached-subject'))?.equals(key as Buffer)).toBe(true);
    clock = 1001;
    expect(await cached.find('cached-subject')).toBeNull();
    await cached.close();
  });

  it('forgets at once what this node erases or is told to forget', async () => {
    const inner = createSqlitePersonalKeys(keysFile);
    const cached = withKeyCache(inner, { ttlMs: 60_000 });
    await cached.keyFor('erased-here');
    await cached.erase('erased-here');
    expect(await cached.find('erased-here')).toBeNull();
    await cached.keyFor('erased-elsewhere');
    await inner.erase('erased-elsewhere');
    cached.forget('erased-elsewhere');
    expect(await cached.find('erased-elsewhere')).toBeNull();
    await cached.close();
  });

  it('seals with a remembered key for sealTtlMs, while an open trusts it only ttlMs; forgetting drops both', async () => {
    let clock = 0;
    const inner = createSqlitePersonalKeys(keysFile);
    const cached = withKeyCache(inner, { ttlMs: 1000, sealTtlMs: 60_000, now: () => clock });
    const key = (await cached.keyFor('sealed-long')) as Buffer;
    await inner.erase('sealed-long');
    clock = 30_000;
    // What is sealed now opens nowhere: the key is gone from the store.
    expect((await cached.keyFor('sealed-long'))?.equals(key)).toBe(true);
    expect(await cached.find('sealed-long')).toBeNull();
    clock = 60_001;
    expect(await cached.keyFor('sealed-long')).toBeNull();
    await cached.keyFor('forgotten');
    await inner.erase('forgotten');
    cached.forget('forgotten');
    expect(await cached.keyFor('forgotten')).toBeNull();
    await cached.close();
  });

  it('keeps no erased key bytes in the SQLite file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'personal-keys-')), 'keys.db');
    const keys = createSqlitePersonalKeys(file);
    const key = (await keys.keyFor('shredded')) as Buffer;
    await keys.erase('shredded');
    await keys.close();
    const bytes = Buffer.concat([readFileSync(file), readFileSync(`${file}-wal`, { flag: 'a+' })]);
    expect(bytes.includes(key)).toBe(false);
  });
});
