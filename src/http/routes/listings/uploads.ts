import type { Context } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { BlobFolder } from '../../../contract/blob-keys';
import type { ImageContentType } from '../../../blobs/images';
import { checkImageHeader, ImageRefused, processImage } from '../../../blobs/images';
import { newBlobKey, variantKey } from '../../../blobs/keys';
import type { SniffedType } from '../../../blobs/sniff';
import { sniffFileType } from '../../../blobs/sniff';
import { uploads } from '../../../domain/files/decide';
import type { UploadKind } from '../../../domain/files/events';
import { uploadsStreamId } from '../../../domain/files/events';
import { VERIFIED_HOMEOWNERS_ONLY } from '../../../domain/listings/decide';
import { ForbiddenError, ValidationError } from '../../../domain/shared/errors';
import { MAX_UPLOAD_BYTES, VERIFICATION_FILE_SIZE_MESSAGE, VERIFICATION_FILE_TYPES_MESSAGE } from '../../../contract/verification/verification';
import type { AppDeps } from '../../deps';
import { runCommand } from '../../commands';
import type { AppEnv } from '../../context';
import { requireUser } from '../../guards';
import type { RateLimiter, RateRule } from '../../platform/rate-limit';
import { createRateLimiter } from '../../platform/rate-limit';
import { currentUserId } from '../accounts/auth-shared';
import { loadVerificationStatus } from '../verification/verification';
import { honourIdempotencyKey } from '../../platform/idempotency';
import { newRequestId } from '../../platform/request-seeds';

export const IMAGE_TYPES_MESSAGE = 'Please upload a JPG, PNG, or WebP image';
export const NO_FILE_MESSAGE = 'Please choose a file to upload';
export const IMAGE_TOO_LARGE_MESSAGE = 'This image is too large to process';

/** Files cost disk: 100 an hour per account is five listings of 20 images. */
export const UPLOAD_RATE_RULE: RateRule = { name: 'uploads-account', limit: 100, windowMs: 60 * 60_000 };

// The listing form uploads several images at once, all appending to one uploads stream; they never refuse each other.
const PARALLEL_UPLOAD_ATTEMPTS = 30;
// The multipart envelope (boundaries, part headers, other fields) on top of the file itself.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

interface UploadRule {
  field: string;
  kind: UploadKind;
  folder: BlobFolder;
  accepted: ReadonlyArray<SniffedType['contentType']>;
  typeMessage: string;
  /** Decoded, turned upright, stripped of metadata and stored with sized copies (docs/decisions/0054); else stored as sent. */
  image: boolean;
}

export const BILL: UploadRule = {
  field: 'document',
  kind: 'bill',
  folder: 'bills',
  accepted: ['image/jpeg', 'image/png', 'application/pdf'],
  typeMessage: VERIFICATION_FILE_TYPES_MESSAGE,
  image: false,
};

export const IMAGE: UploadRule = {
  field: 'image',
  kind: 'image',
  folder: 'images',
  accepted: ['image/jpeg', 'image/png', 'image/webp'],
  typeMessage: IMAGE_TYPES_MESSAGE,
  image: true,
};

// A realtor's profile picture: stored like a listing image, recorded as an avatar so it is used for nothing else.
const AVATAR: UploadRule = { ...IMAGE, kind: 'avatar' };

/** The app's JSON limit skips multipart bodies; this is theirs, answered with the spec's message. */
const uploadBodyLimit = bodyLimit({
  maxSize: MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES,
  onError: () => {
    throw new ValidationError(VERIFICATION_FILE_SIZE_MESSAGE);
  },
});

/** POST /upload-document (utility bills and licence documents), POST /upload-property-image and POST /upload-profile-image (realtors' avatars). */
export function createUploadRoutes(deps: AppDeps): Hono<AppEnv> {
  const limiter = createRateLimiter({ enabled: deps.env.RATE_LIMITS !== 'off', counters: deps.rateCounters });
  return new Hono<AppEnv>()
    // A homeowner's utility bill, or a realtor's licence document (docs/decisions/0050): the same files, the same rules.
    .post('/upload-document', requireUser('homeowner', 'realtor'), uploadBodyLimit, async (c) => {
      const key = await storeUpload(deps, c, limiter, BILL);
      // The opaque key, never an address: only administrators get one, for 5 minutes.
      return c.json({ documentUrl: key }, 201);
    })
    .post('/upload-property-image', requireUser('homeowner'), uploadBodyLimit, async (c) => {
      const imageKey = await storeUpload(deps, c, limiter, IMAGE, async () => {
        if ((await loadVerificationStatus(deps, currentUserId(c))) !== 'approved') throw new ForbiddenError(VERIFIED_HOMEOWNERS_ONLY);
      });
      return c.json({ imageKey }, 201);
    })
    .post('/upload-profile-image', requireUser('realtor'), uploadBodyLimit, async (c) => {
      // The key is what the profile saves: pictures are only ever served from our blob store (docs/decisions/0024).
      return c.json({ imageKey: await storeUpload(deps, c, limiter, AVATAR) }, 201);
    });
}

/**
 * Counts the upload against the account's hourly allowance before reading the
 * body, checks the file by its content and size (and a picture's header),
 * then `authorize` (after validation, as every route answers a bad request
 * before a refusal), stores it under a new key, and records that this user
 * uploaded it.
 */
async function storeUpload(deps: AppDeps, c: Context<AppEnv>, limiter: RateLimiter, rule: UploadRule, authorize?: () => Promise<void>): Promise<string> {
  await limiter.hit(UPLOAD_RATE_RULE, currentUserId(c));
  const file = await readFilePart(c, rule.field);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const sniffed = sniffFileType(bytes);
  const refuse = (message: string) => new ValidationError(message, { [rule.field]: message });
  if (!sniffed || !rule.accepted.includes(sniffed.contentType)) throw refuse(rule.typeMessage);
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw refuse(VERIFICATION_FILE_SIZE_MESSAGE);
  const asImage = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ImageRefused) throw refuse(error.reason === 'too-large' ? IMAGE_TOO_LARGE_MESSAGE : rule.typeMessage);
      throw error;
    }
  };
  if (rule.image) await asImage(() => checkImageHeader(bytes));
  await authorize?.();
  await honourIdempotencyKey(deps, c);
  const key = newBlobKey(rule.folder, sniffed.extension, newRequestId(c));
  let stored = bytes;
  if (rule.image) {
    const image = await asImage(() => processImage(bytes, sniffed.contentType as ImageContentType));
    stored = image.bytes;
    await Promise.all(image.variants.map((variant) => deps.blobs.put(variantKey(key, variant.width), variant.bytes, 'image/webp')));
  }
  // Stored first: an upload recorded without its file would be a key that serves nothing.
  await deps.blobs.put(key, stored, sniffed.contentType);
  const userId = currentUserId(c);
  const at = deps.clock().toISOString();
  const command = { type: 'RecordUpload', userId, key, kind: rule.kind, contentType: sniffed.contentType, size: stored.byteLength, at } as const;
  await runCommand(deps, c, uploadsStreamId(userId), uploads, command, { maxAttempts: PARALLEL_UPLOAD_ATTEMPTS });
  return key;
}

async function readFilePart(c: Context<AppEnv>, field: string): Promise<File> {
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody();
  } catch {
    throw new ValidationError(NO_FILE_MESSAGE);
  }
  const file = body[field];
  if (!(file instanceof File)) throw new ValidationError(NO_FILE_MESSAGE, { [field]: NO_FILE_MESSAGE });
  return file;
}
