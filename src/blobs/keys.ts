/*
 * Blob keys are made here and nowhere else: a folder, a random UUID and an
 * extension the content was sniffed as. Every key that comes back from a
 * client goes through `parseBlobKey`, so a key that tries to leave its folder
 * ('..', a leading '/', a backslash, percent-encoded tricks) never reaches an
 * adapter or a file path.
 */

import { BLOB_KEY, type BlobExtension, type BlobFolder } from '../contract/blob-keys';
import { ValidationError } from '../domain/shared/errors';

export const INVALID_KEY = 'Invalid file key';

export function newBlobKey(folder: BlobFolder, extension: BlobExtension): string {
  return `${folder}/${crypto.randomUUID()}.${extension}`;
}

/** The key and its folder; anything but a key `newBlobKey` could have made is a 400. */
export function parseBlobKey(raw: string): { key: string; folder: BlobFolder } {
  const match = BLOB_KEY.exec(raw);
  if (!match) throw new ValidationError(INVALID_KEY);
  return { key: raw, folder: match[1] as BlobFolder };
}
