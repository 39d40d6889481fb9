import { ValidationError } from '../domain/shared/errors';

/*
 * Blob keys are made here and nowhere else: a folder, a random UUID and an
 * extension the content was sniffed as. Every key that comes back from a
 * client goes through `parseBlobKey`, so a key that tries to leave its folder
 * ('..', a leading '/', a backslash, percent-encoded tricks) never reaches an
 * adapter or a file path.
 */

export const BLOB_FOLDERS = ['images', 'bills'] as const;
export type BlobFolder = (typeof BLOB_FOLDERS)[number];

export const BLOB_EXTENSIONS = ['jpg', 'png', 'webp', 'pdf'] as const;
export type BlobExtension = (typeof BLOB_EXTENSIONS)[number];

export const INVALID_KEY = 'Invalid file key';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const KEY = new RegExp(`^(${BLOB_FOLDERS.join('|')})/${UUID}\\.(${BLOB_EXTENSIONS.join('|')})$`);

export function newBlobKey(folder: BlobFolder, extension: BlobExtension): string {
  return `${folder}/${crypto.randomUUID()}.${extension}`;
}

/** The key and its folder; anything but a key `newBlobKey` could have made is a 400. */
export function parseBlobKey(raw: string): { key: string; folder: BlobFolder } {
  const match = KEY.exec(raw);
  if (!match) throw new ValidationError(INVALID_KEY);
  return { key: raw, folder: match[1] as BlobFolder };
}

/** True when `raw` is a well-formed key, in `folder` when one is given. */
export function isBlobKey(raw: unknown, folder?: BlobFolder): raw is string {
  if (typeof raw !== 'string') return false;
  const match = KEY.exec(raw);
  return match !== null && (folder === undefined || match[1] === folder);
}
