/*
 * What a stored file's key looks like: a folder, a random UUID and an
 * extension. The server makes keys (src/blobs/keys.ts); forms and avatars use
 * this to tell a key from anything else a profile or listing might hold.
 */

export const BLOB_FOLDERS = ['images', 'bills'] as const;
export type BlobFolder = (typeof BLOB_FOLDERS)[number];

export const BLOB_EXTENSIONS = ['jpg', 'png', 'webp', 'pdf'] as const;
export type BlobExtension = (typeof BLOB_EXTENSIONS)[number];

export const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
export const BLOB_KEY = new RegExp(`^(${BLOB_FOLDERS.join('|')})/${UUID}\\.(${BLOB_EXTENSIONS.join('|')})$`);

/** True when `raw` is a well-formed key, in `folder` when one is given. */
export function isBlobKey(raw: unknown, folder?: BlobFolder): raw is string {
  if (typeof raw !== 'string') return false;
  const match = BLOB_KEY.exec(raw);
  return match !== null && (folder === undefined || match[1] === folder);
}

/**
 * The widths an uploaded image is also stored at (WebP, never wider than the
 * upload). Its signed address serves one with `&w=400`, `&w=800` or `&w=1600`
 * (docs/decisions/0054); pages list them in `srcset`.
 */
export const IMAGE_WIDTHS = [400, 800, 1600] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
