/*
 * Blob keys are made here and nowhere else: a folder, a random UUID and an
 * extension the content was sniffed as. Every key that comes back from a
 * client goes through `parseBlobKey`, so a key that tries to leave its folder
 * ('..', a leading '/', a backslash, percent-encoded tricks) never reaches an
 * adapter or a file path.
 */

import { BLOB_KEY, IMAGE_WIDTHS, UUID, type BlobExtension, type BlobFolder, type ImageWidth } from '../contract/blob-keys';
import { ValidationError } from '../domain/shared/errors';

export const INVALID_KEY = 'Invalid file key';

export function newBlobKey(folder: BlobFolder, extension: BlobExtension, id: string = crypto.randomUUID()): string {
  return `${folder}/${id}.${extension}`;
}

/** The key and its folder; anything but a key `newBlobKey` could have made is a 400. */
export function parseBlobKey(raw: string): { key: string; folder: BlobFolder } {
  const match = BLOB_KEY.exec(raw);
  if (!match) throw new ValidationError(INVALID_KEY);
  return { key: raw, folder: match[1] as BlobFolder };
}

// `images/{uuid}-w800.webp`: the 800 px wide WebP of `images/{uuid}.{ext}`.
const VARIANT_KEY = new RegExp(`^images/${UUID}-w(?:${IMAGE_WIDTHS.join('|')})\\.webp$`);

/** Where the `width` px wide WebP of the image stored under `key` (an `images/` key) is kept. */
export function variantKey(key: string, width: ImageWidth): string {
  const { folder } = parseBlobKey(key);
  if (folder !== 'images') throw new Error(`Only images have sized variants: ${key}`);
  return `${key.slice(0, key.lastIndexOf('.'))}-w${width}.webp`;
}

/** Every key stored for an upload: the file, and its sized variants when it is an image. */
export function storedKeysOf(key: string): string[] {
  return parseBlobKey(key).folder === 'images' ? [key, ...IMAGE_WIDTHS.map((width) => variantKey(key, width))] : [key];
}

/**
 * For the blob adapters: a key `newBlobKey` or `variantKey` could have made.
 * Keys from clients go through `parseBlobKey`, which takes no variant key.
 */
export function parseStoredKey(raw: string): string {
  return VARIANT_KEY.test(raw) ? raw : parseBlobKey(raw).key;
}
