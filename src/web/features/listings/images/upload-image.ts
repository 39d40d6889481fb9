import type { UploadProgress } from '../../../lib/upload';
import { uploadFile } from '../../../lib/upload';

export type { UploadProgress };

/** POST /api/upload-property-image (multipart field `image`) → { imageKey }. */
export async function uploadPropertyImage(file: File, onProgress: UploadProgress, signal?: AbortSignal): Promise<string> {
  const { imageKey } = await uploadFile<{ imageKey: string }>('/api/upload-property-image', 'image', file, onProgress, signal);
  return imageKey;
}

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_TYPES_MESSAGE = 'Please upload a JPG, PNG, or WebP image';

/** The server's rules, checked before a byte is sent; null when the file may go. */
export function checkImageFile(file: File, maxBytes: number, sizeMessage: string): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return IMAGE_TYPES_MESSAGE;
  if (file.size > maxBytes) return sizeMessage;
  return null;
}
