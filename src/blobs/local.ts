import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { parseStoredKey } from './keys';
import type { BlobStore } from './port';
import { signedFileUrl } from './signed-url';

export interface LocalBlobStoreOptions {
  /** `DATA_DIR/uploads` in the server. */
  dir: string;
  /** Signs the addresses `url` hands out (`deriveFileUrlKey`). */
  signingKey: string;
  clock?: () => Date;
}

/**
 * The embedded default: one file per blob under `dir`, its content type in a
 * sidecar `.type` file. Addresses point at this app's `GET /api/files/{key}`,
 * which checks the signature (src/http/routes/listings/files.ts).
 */
export function createLocalBlobStore(options: LocalBlobStoreOptions): BlobStore {
  const root = resolve(options.dir);
  const clock = options.clock ?? (() => new Date());

  // Keys are checked on the way in; the prefix test is a second fence for the file system.
  const pathOf = (key: string): string => {
    const path = resolve(root, parseStoredKey(key));
    if (!path.startsWith(root + sep)) throw new Error(`Blob path escapes the uploads folder: ${key}`);
    return path;
  };

  // Written aside and renamed, so a reader never sees half a file.
  const writeAtomically = async (path: string, data: Uint8Array | string) => {
    const staging = `${path}.${crypto.randomUUID()}.tmp`;
    await writeFile(staging, data);
    await rename(staging, path);
  };

  return {
    async put(key, bytes, contentType) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeAtomically(`${path}.type`, contentType);
      await writeAtomically(path, bytes);
    },
    async get(key) {
      const path = pathOf(key);
      try {
        const [bytes, contentType] = await Promise.all([readFile(path), readFile(`${path}.type`, 'utf8')]);
        return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      await rm(`${path}.type`, { force: true });
    },
    async url(key, ttlSeconds) {
      pathOf(key);
      const expires = Math.floor(clock().getTime() / 1000) + ttlSeconds;
      return signedFileUrl(options.signingKey, key, expires);
    },
  };
}

/** Where the server keeps uploads on the embedded default. */
export const uploadsDir = (dataDir: string) => join(dataDir, 'uploads');
