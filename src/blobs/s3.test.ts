import { describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { describeBlobStoreConformance } from './conformance';
import { createS3BlobStore } from './s3';

const BUCKET = 'bidhome-test';

// An S3-compatible server in this process, on a free port, over a temporary folder.
async function openS3() {
  const dir = await mkdtemp(join(tmpdir(), 's3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const address = (await server.run()) as AddressInfo;
  let now: Date | undefined;
  const store = createS3BlobStore({
    bucket: BUCKET,
    endpoint: `http://127.0.0.1:${address.port}`,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    clock: () => now ?? new Date(),
  });
  return {
    store,
    fetch: (url: string) => fetch(url),
    setNow: (date: Date | undefined) => {
      now = date;
    },
    close: async () => {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

describeBlobStoreConformance('S3 (s3rver)', openS3);

describe('S3 public endpoint', () => {
  it('presigns addresses for the host browsers reach, which the server then honours', async () => {
    const dir = await mkdtemp(join(tmpdir(), 's3rver-'));
    const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
    const { port } = (await server.run()) as AddressInfo;
    try {
      // The servers use an address; browsers know the server by a name.
      const publicEndpoint = `http://localhost:${port}`;
      const store = createS3BlobStore({
        bucket: BUCKET,
        endpoint: `http://127.0.0.1:${port}`,
        publicEndpoint,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      const key = 'images/0a1b2c3d-0000-4000-8000-000000000001.png';
      await store.put(key, new Uint8Array([1, 2, 3]), 'image/png');
      const url = await store.url(key, 60);
      expect(url.startsWith(`${publicEndpoint}/${BUCKET}/`)).toBe(true);
      const answer = await fetch(url);
      expect(answer.status).toBe(200);
      expect(new Uint8Array(await answer.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    } finally {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
