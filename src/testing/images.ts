import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/*
 * Real picture files for upload tests, made here with sharp (or, for a bomb,
 * by hand) so the tests need no image files.
 */

const asBytes = (buffer: Buffer): Uint8Array<ArrayBuffer> => new Uint8Array(buffer);

/**
 * A decompression bomb: a PNG whose header declares `width`×`height` grey
 * pixels, a few kilobytes in all (its data stops after a few rows). A decoder
 * that believed the header would allocate `width * height` bytes.
 */
export function pngDeclaring(width: number, height: number): Uint8Array<ArrayBuffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  const rows = Buffer.alloc(Math.min(height, 4) * (1 + width));
  return asBytes(
    Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(rows)), pngChunk('IEND', Buffer.alloc(0))]),
  );
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body), 0);
  return Buffer.concat([length, body, crc]);
}

export const CAMERA_MODEL = 'Pixel Test 9';

/** A phone photo: a 1200×900 JPEG whose EXIF block names the camera and the GPS position it was taken at. */
export async function photoWithGps(): Promise<Uint8Array<ArrayBuffer>> {
  return asBytes(
    await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 90, g: 140, b: 200 } } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'Test Phones', Model: CAMERA_MODEL },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 2600/100', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 3900/100' },
      })
      .toBuffer(),
  );
}

/** True when an EXIF block holds a GPS section (the GPS pointer tag 0x8825, in either byte order). */
export function hasGpsSection(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}

/**
 * A photo taken with the phone turned: 1200×800 pixels stored landscape, left
 * half red and right half blue, with EXIF orientation 6 (show it turned 90°
 * clockwise: 800×1200, red on top).
 */
export async function sidewaysPhoto(): Promise<Uint8Array<ArrayBuffer>> {
  const half = { create: { width: 600, height: 800, channels: 3 as const, background: { r: 0, g: 0, b: 220 } } };
  return asBytes(
    await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 220, g: 0, b: 0 } } })
      .composite([{ input: await sharp(half).png().toBuffer(), left: 600, top: 0 }])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer(),
  );
}

/**
 * A photo-like JPEG (soft colour fields and grain, so it compresses as a
 * real photo does rather than as a flat colour): `seed` varies it.
 */
export async function photoLike(width: number, height: number, seed: number): Promise<Uint8Array<ArrayBuffer>> {
  const hue = (seed * 47) % 255;
  const sky = { r: 120 + (hue % 100), g: 160, b: 220 - (hue % 80) };
  const ground = { r: 80, g: 110 + (hue % 90), b: 60 };
  const field = await sharp({ create: { width, height: Math.round(height / 2), channels: 3, background: ground } }).png().toBuffer();
  const grain = await sharp({ create: { width, height, channels: 3, background: 'black', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .blur(1.2)
    .png()
    .toBuffer();
  return asBytes(
    await sharp({ create: { width, height, channels: 3, background: sky } })
      .composite([
        { input: field, left: 0, top: Math.round(height / 2) },
        { input: grain, blend: 'overlay' },
      ])
      .jpeg({ quality: 85 })
      .toBuffer(),
  );
}
