import type { BlobExtension } from '../contract/blob-keys';

/*
 * What a file is, by its first bytes rather than its name or the browser's
 * claim: a PNG renamed .pdf is a PNG, and a text file named .jpg is nothing
 * we accept.
 */

export interface SniffedType {
  contentType: 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';
  extension: BlobExtension;
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');
const PDF = ascii('%PDF-');

export function sniffFileType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, JPEG)) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (startsWith(bytes, PNG)) return { contentType: 'image/png', extension: 'png' };
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return { contentType: 'image/webp', extension: 'webp' };
  if (startsWith(bytes, PDF)) return { contentType: 'application/pdf', extension: 'pdf' };
  return null;
}
