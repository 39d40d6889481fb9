import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeEventStoreConformance } from '../event-store/conformance';
import { expected } from '../event-store/port';
import type { RecordedEvent } from '../event-store/port';
import { createSqliteEventStore } from '../event-store/sqlite';
import { createMemoryPersonalKeys, withKeyCache } from './keys';
import { ERASED_NAME, erasedEmail } from './personal-fields';
import { ACCOUNT_ERASED, isSealed, withPersonalDataShredding } from './shredding-event-store';
import { createSqlitePersonalKeys } from './sqlite-keys';

describeEventStoreConformance('sqlite in memory, shredding personal data', () =>
  withPersonalDataShredding(createSqliteEventStore({ path: ':memory:' }), createMemoryPersonalKeys()),
);

const registered = (userId: string) => ({
  id: randomUUID(),
  type: 'UserRegistered',
  data: { userId, username: 'janedoe', email: 'jane@example.com', name: 'Jane Doe', phone: '555-0101', role: 'homeowner', at: '2026-01-01T00:00:00.000Z' },
  metadata: { requestId: 'r1', ipAddress: '203.0.113.7', userAgent: 'Jane’s browser' },
});

function setUp() {
  const dir = mkdtempSync(join(tmpdir(), 'shredding-'));
  const file = join(dir, 'events.db');
  const raw = createSqliteEventStore({ path: file });
  const keys = withKeyCache(createSqlitePersonalKeys(join(dir, 'keys.db')), { ttlMs: 60_000 });
  return { file, raw, keys, store: withPersonalDataShredding(raw, keys) };
}

describe('an event store that shreds personal data', () => {
  it('reads back what was appended, through every read path', async () => {
    const { store } = setUp();
    const userId = randomUUID();
    await store.append(`user-${userId}`, [registered(userId)], expected.noStream);
    const [fromStream] = await store.readStream(`user-${userId}`);
    const [fromAll] = await store.readAll();
    const delivered: RecordedEvent[] = [];
    const subscription = store.subscribe({ onEvent: (event) => void delivered.push(event) });
    await expect.poll(() => delivered.length).toBe(1);
    await subscription.stop();
    for (const event of [fromStream, fromAll, delivered[0]]) {
      expect(event?.data).toEqual(registered(userId).data);
      expect(event?.metadata).toEqual(registered(userId).metadata);
    }
    await store.close();
  });

  it('keeps no plaintext of a personal value in the log file', async () => {
    const { store, raw, file } = setUp();
    const userId = randomUUID();
    await store.append(`user-${userId}`, [registered(userId)], expected.noStream);
    const [stored] = await raw.readStream(`user-${userId}`);
    const data = stored?.data as Record<string, unknown>;
    for (const field of ['name', 'email', 'phone', 'username']) expect(isSealed(data[field])).toBe(true);
    expect(isSealed(stored?.metadata.ipAddress)).toBe(true);
    // What is not personal stays readable, so the log can still be followed without keys.
    expect(data.role).toBe('homeowner');
    expect(stored?.metadata.requestId).toBe('r1');
    await store.close();
    const bytes = readFileSync(file).toString('latin1') + readFileSync(`${file}-wal`, { flag: 'a+' }).toString('latin1');
    for (const plain of ['jane@example.com', 'Jane Doe', '555-0101', '203.0.113.7', 'janedoe']) expect(bytes).not.toContain(plain);
  });

  it('answers the stand-ins once the key is erased, and writes stand-ins for an erased person from then on', async () => {
    const { store, keys } = setUp();
    const userId = randomUUID();
    const other = randomUUID();
    await store.append(`user-${userId}`, [registered(userId)], expected.noStream);
    await store.append(`user-${other}`, [registered(other)], expected.noStream);
    await keys.erase(userId);
    const [erased] = await store.readStream(`user-${userId}`);
    expect(erased?.data).toMatchObject({ name: ERASED_NAME, email: erasedEmail(userId), phone: null, role: 'homeowner' });
    expect(erased?.metadata).toMatchObject({ ipAddress: null, userAgent: null, requestId: 'r1' });
    expect(JSON.stringify(await store.readAll())).not.toContain(`"${userId}@`);
    const [kept] = await store.readStream(`user-${other}`);
    expect(kept?.data).toMatchObject({ name: 'Jane Doe', email: 'jane@example.com' });
    await store.append(`user-${userId}`, [{ id: randomUUID(), type: 'InfoUpdated', data: { name: 'Again', phone: '1', at: 'x' } }], expected.any);
    const events = await store.readStream(`user-${userId}`);
    expect(events[1]?.data).toMatchObject({ name: ERASED_NAME, phone: null });
    await store.close();
  });

  it('drops an erased person from another node\'s key cache when it reads the AccountErased event', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shredding-'));
    const raw = createSqliteEventStore({ path: join(dir, 'events.db') });
    const thisNode = withPersonalDataShredding(raw, withKeyCache(createSqlitePersonalKeys(join(dir, 'keys.db')), { ttlMs: 60_000 }));
    const otherKeys = createSqlitePersonalKeys(join(dir, 'keys.db'));
    const userId = randomUUID();
    await thisNode.append(`user-${userId}`, [registered(userId)], expected.noStream);
    await thisNode.readStream(`user-${userId}`);
    // The other node erases the key and records the erasure; this node's cache still holds the key until it reads that.
    await otherKeys.erase(userId);
    expect((await thisNode.readStream(`user-${userId}`))[0]?.data).toMatchObject({ name: 'Jane Doe' });
    await raw.append(`user-${userId}`, [{ id: randomUUID(), type: ACCOUNT_ERASED, data: { userId, at: 'x' } }], expected.any);
    await thisNode.readAll();
    expect((await thisNode.readStream(`user-${userId}`))[0]?.data).toMatchObject({ name: ERASED_NAME });
    await thisNode.close();
    await otherKeys.close();
  });

  it.each([
    ['it sealed itself', 'this node'],
    ['another node sealed (read again: as opened the first time)', 'another node'],
  ] as const)('opens a value %s as appended, but as erased once another node erased the key, and never under another name', async (_, sealer) => {
    const dir = mkdtempSync(join(tmpdir(), 'shredding-'));
    const raw = createSqliteEventStore({ path: join(dir, 'events.db') });
    // Opens trust no remembered key: each read asks the key store, as after a node's cache time.
    const thisNode = withPersonalDataShredding(raw, withKeyCache(createSqlitePersonalKeys(join(dir, 'keys.db')), { ttlMs: 0, sealTtlMs: 60_000 }));
    const otherKeys = createSqlitePersonalKeys(join(dir, 'keys.db'));
    const writer = sealer === 'this node' ? thisNode : withPersonalDataShredding(raw, otherKeys);
    const userId = randomUUID();
    const other = randomUUID();
    await writer.append(`user-${userId}`, [registered(userId)], expected.noStream);
    await writer.append(`user-${other}`, [registered(other)], expected.noStream);
    for (let i = 0; i < 2; i++) {
      const [read] = await thisNode.readStream(`user-${userId}`);
      expect(read?.data).toEqual(registered(userId).data);
      expect(read?.metadata).toEqual(registered(userId).metadata);
    }
    // A sealed value moved under another person's name (who has a key) is not opened from what was sealed or opened.
    const [stored] = await raw.readStream(`user-${userId}`);
    const moved = { ...(stored?.data as Record<string, { $pii: string }>).name, $pii: other };
    await raw.append(`user-${other}`, [{ id: randomUUID(), type: 'InfoUpdated', data: { name: moved, phone: null, at: 'x' } }], expected.any);
    expect((await thisNode.readStream(`user-${other}`))[1]?.data).toMatchObject({ name: ERASED_NAME });
    await otherKeys.erase(userId);
    const [erased] = await thisNode.readStream(`user-${userId}`);
    expect(erased?.data).toMatchObject({ name: ERASED_NAME, email: erasedEmail(userId), phone: null });
    expect(erased?.metadata).toMatchObject({ ipAddress: null, userAgent: null });
    await thisNode.close();
    await otherKeys.close();
  });

  it('seals a person\'s request address and browser once per value, the rest anew each time, and never hands out what was sealed for someone erased', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shredding-'));
    const raw = createSqliteEventStore({ path: join(dir, 'events.db') });
    const keys = withKeyCache(createSqlitePersonalKeys(join(dir, 'keys.db')), { ttlMs: 60_000 });
    const thisNode = withPersonalDataShredding(raw, keys);
    const otherKeys = createSqlitePersonalKeys(join(dir, 'keys.db'));
    const metadata = { userId: '', ipAddress: '203.0.113.7', userAgent: 'Jane’s browser' };
    const updated = (userId: string) => ({ id: randomUUID(), type: 'InfoUpdated', data: { name: 'Jane Doe', phone: null, at: 'x' }, metadata: { ...metadata, userId } });
    const sealedMetadata = async (streamId: string) => (await raw.readStream(streamId)).map((event) => event.metadata);
    const userId = randomUUID();
    const other = randomUUID();
    await thisNode.append(`user-${userId}`, [updated(userId)], expected.any);
    await thisNode.append(`user-${userId}`, [updated(userId)], expected.any);
    await thisNode.append(`user-${other}`, [updated(other)], expected.any);
    const [first, second] = await sealedMetadata(`user-${userId}`);
    expect(isSealed(first?.ipAddress)).toBe(true);
    expect(second?.ipAddress).toEqual(first?.ipAddress);
    expect(second?.userAgent).toEqual(first?.userAgent);
    // The event's own values are sealed anew, and another person's equal address is sealed under their key.
    const names = (await raw.readStream(`user-${userId}`)).map((event) => (event.data as { name: { data: string } }).name.data);
    expect(names[1]).not.toBe(names[0]);
    expect((await sealedMetadata(`user-${other}`))[0]?.ipAddress).not.toEqual(first?.ipAddress);
    expect((await thisNode.readStream(`user-${userId}`)).map((event) => event.metadata.ipAddress)).toEqual(['203.0.113.7', '203.0.113.7']);

    // Erased on this node: the next event carries the stand-ins, not the values sealed before.
    await keys.erase(userId);
    await thisNode.append(`user-${userId}`, [updated(userId)], expected.any);
    expect((await sealedMetadata(`user-${userId}`))[2]).toMatchObject({ ipAddress: null, userAgent: null });

    // Erased by another node: once this node reads the AccountErased, nothing sealed for them before is written again.
    await thisNode.append(`user-${other}`, [updated(other)], expected.any);
    const [otherFirst, otherSecond] = await sealedMetadata(`user-${other}`);
    expect(otherSecond?.ipAddress).toEqual(otherFirst?.ipAddress);
    await otherKeys.erase(other);
    await raw.append(`user-${other}`, [{ id: randomUUID(), type: ACCOUNT_ERASED, data: { userId: other, at: 'x' } }], expected.any);
    await thisNode.readAll();
    await thisNode.append(`user-${other}`, [updated(other)], expected.any);
    const afterErasure = (await sealedMetadata(`user-${other}`))[3];
    expect(afterErasure).toMatchObject({ ipAddress: null, userAgent: null });
    await thisNode.close();
    await otherKeys.close();
  });

  it('leaves personal values sealed for a reader that asks so, and reads the rest as stored', async () => {
    const { store } = setUp();
    const userId = randomUUID();
    await store.append(`user-${userId}`, [registered(userId)], expected.noStream);
    const [sealed] = await store.readStream(`user-${userId}`, { personalValues: 'sealed' });
    const data = sealed?.data as Record<string, unknown>;
    for (const field of ['name', 'email', 'phone', 'username']) expect(isSealed(data[field])).toBe(true);
    expect(isSealed(sealed?.metadata.ipAddress)).toBe(true);
    expect(data).toMatchObject({ userId, role: 'homeowner', at: '2026-01-01T00:00:00.000Z' });
    // The default still opens them.
    expect((await store.readStream(`user-${userId}`))[0]?.data).toEqual(registered(userId).data);
    await store.close();
  });
});
