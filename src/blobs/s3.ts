import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentDisposition } from './disposition';
import { parseStoredKey } from './keys';
import type { BlobStore } from './port';

export interface S3BlobStoreOptions {
  bucket: string;
  region?: string;
  /** An S3-compatible server (MinIO, s3rver); addressed path-style. */
  endpoint?: string;
  /**
   * The same server as browsers reach it, when `endpoint` is a name only the
   * servers resolve: presigned addresses carry this host (the signature covers it).
   */
  publicEndpoint?: string;
  /** Otherwise the SDK's default chain (AWS_ACCESS_KEY_ID, profiles, instance roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Signs presigned addresses at this time; tests move it to check expiry. */
  clock?: () => Date;
}

/** Blobs in an S3 bucket; `url` is a presigned GET. */
export function createS3BlobStore(options: S3BlobStoreOptions): BlobStore {
  // The project runs on Node 20 (ARCHITECTURE.md); the SDK's notice about its
  // future releases would otherwise print an unstructured line on stderr.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const clientFor = (endpoint: string | undefined) =>
    new S3Client({
      region: options.region ?? 'us-east-1',
      ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
      ...(options.credentials ? { credentials: options.credentials } : {}),
      // Checksums only where S3 demands them: S3-compatible servers reject or mangle the default trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  const client = clientFor(options.endpoint);
  // Presigning happens offline, so a second client only changes the host it signs for.
  const signer = options.publicEndpoint ? clientFor(options.publicEndpoint) : client;
  const Bucket = options.bucket;
  const checked = (key: string) => parseStoredKey(key);

  return {
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: checked(key), Body: bytes, ContentType: contentType }));
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: checked(key) }));
        if (!answer.Body) return null;
        return { bytes: await answer.Body.transformToByteArray(), contentType: answer.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
    },
    async url(key, ttlSeconds) {
      // A document downloads (src/blobs/disposition.ts); S3 answers with the disposition the address was signed with.
      const command = new GetObjectCommand({ Bucket, Key: checked(key), ResponseContentDisposition: contentDisposition(key) });
      return getSignedUrl(signer, command, { expiresIn: ttlSeconds, ...(options.clock ? { signingDate: options.clock() } : {}) });
    },
  };
}
