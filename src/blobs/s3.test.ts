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
