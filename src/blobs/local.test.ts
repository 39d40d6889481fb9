import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../http/context';
import { handleError } from '../http/errors';
import { createMemoryLogger } from '../http/platform/logger';
import { createFileRoutes } from '../http/routes/listings/files';
import { describeBlobStoreConformance } from './conformance';
import { newBlobKey } from './keys';
import { createLocalBlobStore } from './local';
import { deriveFileUrlKey } from './signed-url';

async function openLocal() {
  const dir = await mkdtemp(join(tmpdir(), 'blobs-local-'));
  let now: Date | undefined;
  const clock = () => now ?? new Date();
  const fileUrlKey = deriveFileUrlKey('local-blob-test-secret-'.repeat(2));
  const store = createLocalBlobStore({ dir, signingKey: fileUrlKey, clock });
  // The addresses are this app's own route, so a browser's GET is a request to it.
  const app = new Hono<AppEnv>().route('/api', createFileRoutes({ blobs: store, fileUrlKey, clock }));
  app.onError(handleError(createMemoryLogger()));
  return {
    dir,
    store,
    fetch: async (url: string) => app.request(url),
    setNow: (date: Date | undefined) => {
      now = date;
    },
    close: () => rm(dir, { recursive: true, force: true }),
  };
}

describeBlobStoreConformance('local folder', openLocal);

describe('local blob store', () => {
  it('keeps each blob under its folder, and no staging files behind', async () => {
    const local = await openLocal();
    const key = newBlobKey('bills', 'pdf');
    await local.store.put(key, new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]), 'application/pdf');
    const [, name] = key.split('/');
    expect((await readdir(join(local.dir, 'bills'))).sort()).toEqual([name, `${name}.type`]);
    await local.close();
  });

  it('signs addresses to this app, and a tampered one is refused', async () => {
    const local = await openLocal();
    const key = newBlobKey('images', 'png');
    await local.store.put(key, new Uint8Array([1]), 'image/png');
    const url = await local.store.url(key, 60);
    expect(url).toMatch(/^\/api\/files\/images%2F[0-9a-f-]+\.png\?expires=\d+&signature=[0-9a-f]{64}$/);
    const otherKey = newBlobKey('images', 'png');
    await local.store.put(otherKey, new Uint8Array([2]), 'image/png');
    const forOther = url.replace(encodeURIComponent(key), encodeURIComponent(otherKey));
    expect((await local.fetch(forOther)).status).toBe(403);
    const later = url.replace(/expires=(\d+)/, (_, e: string) => `expires=${Number(e) + 3600}`);
    expect((await local.fetch(later)).status).toBe(403);
    expect((await local.fetch(url.replace(/&signature=.*/, ''))).status).toBe(403);
    expect((await local.fetch(url)).status).toBe(200);
    await local.close();
  });
});
