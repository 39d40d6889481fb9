import { parseStoredKey } from './keys';

/*
 * How a stored file goes out. Pictures (listing photos, avatars) show in the
 * page. Documents (utility bills, licences) only download: a PDF can carry
 * scripts and actions, and a reviewer's browser would run them if it opened
 * the file inline.
 */

export function servedAsDownload(key: string): boolean {
  // A picture's sized copies (images/{uuid}-w400.webp) are pictures too.
  return !parseStoredKey(key).startsWith('images/');
}

/** The Content-Disposition a file's answer carries. */
export function contentDisposition(key: string): string {
  if (!servedAsDownload(key)) return 'inline';
  const extension = key.slice(key.lastIndexOf('.') + 1);
  return `attachment; filename="document.${extension}"`;
}
