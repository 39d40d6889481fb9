import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CachedPersonalKeys } from '../../personal-data/keys';
import { withKeyCache } from '../../personal-data/keys';
import { KEY_CACHE_MS, openPersonalKeys, personalKeysPlace, SharedKeysRequiredError } from '../../personal-data/open-keys';
import { createSqlitePersonalKeys } from '../../personal-data/sqlite-keys';
import type { Node } from '../../testing/nodes';
import { startNode } from '../../testing/nodes';
import { registration, sendJson, sessionCookie } from '../../testing/user-session';

/*
 * Personal-data keys wherever the log is shared (issue 25, item 1;
 * docs/decisions/0061): two nodes with DATA_DIRs of their own on one log.
 */

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Two nodes on one log file, each with the keys `keysOf` gives its DATA_DIR. */
async function twoNodes(keysOf: (dataDir: string) => CachedPersonalKeys | Promise<CachedPersonalKeys>): Promise<[Node, Node]> {
  const log = join(tempDir('shared-log-'), 'events.db');
  const started: Node[] = [];
  for (const name of ['a', 'b']) {
    const personalKeys = await keysOf(tempDir(`node-${name}-`));
    const node = await startNode({ dbPath: log, personalKeys });
    cleanups.push(async () => {
      await node.stop();
      await personalKeys.close();
    });
    started.push(node);
  }
  return started as [Node, Node];
}

const KURRENT = 'kurrentdb://localhost:2113?tls=false';

describe('where a start keeps the personal-data keys', () => {
  it('refuses a KurrentDB log without a key store every node reaches, naming what to set', async () => {
    expect(() => personalKeysPlace({ EVENTSTORE_URL: KURRENT }, '/var/lib/bidhome')).toThrow(SharedKeysRequiredError);
    expect(() => personalKeysPlace({ EVENTSTORE_URL: KURRENT }, '/var/lib/bidhome')).toThrow(/^MONGODB_URL: is required when EVENTSTORE_URL is set/);
    await expect(openPersonalKeys({ EVENTSTORE_URL: KURRENT }, tempDir('refused-'))).rejects.toThrow(SharedKeysRequiredError);
  });

  it('keeps them in MongoDB whenever there is one, and beside the SQLite log (its DATA_DIR) otherwise', () => {
    expect(personalKeysPlace({ EVENTSTORE_URL: KURRENT, MONGODB_URL: 'mongodb://db/bidhome' }, '/data')).toEqual({ kind: 'mongodb', url: 'mongodb://db/bidhome' });
    expect(personalKeysPlace({ MONGODB_URL: 'mongodb://db/bidhome' }, '/data')).toEqual({ kind: 'mongodb', url: 'mongodb://db/bidhome' });
    expect(personalKeysPlace({}, '/data')).toEqual({ kind: 'sqlite', path: join('/data', 'keys.db') });
  });
});

describe('two nodes with DATA_DIRs of their own on one log', () => {
  const register = async (node: Node) => {
    const input = registration({ role: 'homeowner', name: 'Jane Keyholder' });
    const res = await sendJson(node.app, 'POST', '/api/register', input);
    expect(res.status).toBe(201);
    return { input, position: Number(res.headers.get('x-log-position')), cookie: sessionCookie(res) as string };
  };
  const signIn = (node: Node, username: string, password: string, position: number) =>
    sendJson(node.app, 'POST', '/api/login', { username, password }, undefined, { headers: { 'X-Min-Position': String(position) } });

  it('each with its own DATA_DIR/keys.db (what a KurrentDB start without MongoDB would do): B reads A\'s new user as erased', async () => {
    const [a, b] = await twoNodes((dataDir) => openPersonalKeys({}, dataDir));
    const { input, position } = await register(a);
    const res = await signIn(b, input.username, input.password, position);
    // B has no key for the person: their username reads as the erased stand-in, so the sign-in fails.
    expect(res.status).toBe(401);
  });

  it('on one key store both reach: B signs A\'s user in and shows their name, and an erasure on A holds on B', async () => {
    const shared = join(tempDir('shared-keys-'), 'keys.db');
    const [a, b] = await twoNodes(() => withKeyCache(createSqlitePersonalKeys(shared), { ttlMs: KEY_CACHE_MS }));
    const { input, position, cookie } = await register(a);
    const res = await signIn(b, input.username, input.password, position);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { name: string } }).user.name).toBe('Jane Keyholder');

    const erased = await sendJson(a.app, 'DELETE', '/api/user', { password: input.password }, cookie);
    expect(erased.status).toBe(200);
    const after = Number(erased.headers.get('x-log-position'));
    expect(await b.runner.waitFor(after)).toBe(true);
    expect((await signIn(b, input.username, input.password, after)).status).toBe(401);
    const user = await b.deps.readStore.collection('users').findOne({ username: input.username });
    expect(user).toBeNull();
  });
});
