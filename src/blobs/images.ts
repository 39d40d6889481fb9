import type { Sharp } from 'sharp';
import sharp from 'sharp';
import { IMAGE_WIDTHS, type ImageWidth } from '../contract/blob-keys';

/*
 * Uploaded pictures are decoded and encoded again, never stored as sent
 * (docs/decisions/0054): a file whose header declares more pixels than we
 * will decode is refused before anything is decoded, the photo is turned
 * upright by its EXIF orientation, and what is stored carries no metadata
 * (sharp writes none unless asked), so no camera, date or GPS position leaves
 * the server. Beside the picture, WebP copies at `IMAGE_WIDTHS` for pages to
 * choose from.
 */

/** 40 megapixels: a 48 MP phone's default 12 MP photo and an 8K frame (33 MP) pass; a decompression bomb does not. */
export const MAX_IMAGE_PIXELS = 40_000_000;

export type ImageContentType = 'image/jpeg' | 'image/png' | 'image/webp';

/** Why a picture is refused: more pixels than `MAX_IMAGE_PIXELS`, or bytes the library cannot decode. */
export class ImageRefused extends Error {
  constructor(readonly reason: 'too-large' | 'unreadable') {
    super(`Image refused: ${reason}`);
  }
}

export interface ProcessedImage {
  /** The picture in its own format, upright, without metadata. */
  bytes: Uint8Array<ArrayBuffer>;
  /** WebP copies, each at most `width` px wide (never wider than the picture). */
  variants: Array<{ width: ImageWidth; bytes: Uint8Array }>;
}

const decoder = (bytes: Uint8Array) => sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS });

/**
 * Reads the header only (cheap: nothing is decoded), so a route can refuse a
 * bomb or a file that is no picture before it checks who is asking.
 */
export async function checkImageHeader(bytes: Uint8Array): Promise<void> {
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await decoder(bytes).metadata());
  } catch (error) {
    throw refusalOf(error);
  }
  if (!width || !height) throw new ImageRefused('unreadable');
  if (width * height > MAX_IMAGE_PIXELS) throw new ImageRefused('too-large');
}

/**
 * The upright picture in its own format and each sized WebP copy, one
 * pipeline each over the same bytes, in libvips' threads (off the event loop).
 */
export async function processImage(bytes: Uint8Array, contentType: ImageContentType): Promise<ProcessedImage> {
  const upright = decoder(bytes).autoOrient();
  const encodeOriginal = (image: Sharp) =>
    contentType === 'image/jpeg' ? image.jpeg({ quality: 85 }) : contentType === 'image/png' ? image.png() : image.webp({ quality: 85 });
  const asBytes = (buffer: Buffer): Uint8Array<ArrayBuffer> => new Uint8Array(buffer);
  try {
    const [original, ...variants] = await Promise.all([
      encodeOriginal(upright.clone()).toBuffer(),
      ...IMAGE_WIDTHS.map((width) => upright.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 75 }).toBuffer()),
    ]);
    return {
      bytes: asBytes(original),
      variants: variants.map((buffer: Buffer, i: number) => ({ width: IMAGE_WIDTHS[i] as ImageWidth, bytes: asBytes(buffer) })),
    };
  } catch (error) {
    throw refusalOf(error);
  }
}

// sharp answers a header over `limitInputPixels` with 'Input image exceeds pixel limit', anything it cannot decode otherwise.
const refusalOf = (error: unknown) => new ImageRefused(error instanceof Error && /pixel limit/i.test(error.message) ? 'too-large' : 'unreadable');
