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
 * A JPEG that compresses as a photo does: random detail at four scales, from
 * colour fields to grain, laid over each other (a flat colour would make a few
 * hundred bytes at any size and flatter every measurement). Each call makes a
 * different one; at 1600×1200 it is about 360 KB.
 */
export async function photoLike(width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  const layer = async (w: number, h: number, sigma: number) => {
    const small = await sharp({ create: { width: w, height: h, channels: 3, background: 'black', noise: { type: 'gaussian', mean: 128, sigma } } })
      .png()
      .toBuffer();
    return sharp(small).resize(width, height, { kernel: 'cubic' }).png().toBuffer();
  };
  const [fields, ...detail] = await Promise.all([
    layer(8, 6, 60),
    layer(Math.ceil(width / 32), Math.ceil(height / 32), 40),
    layer(Math.ceil(width / 5), Math.ceil(height / 5), 30),
    layer(width, height, 14),
  ]);
  const flat = await sharp(fields)
    .composite(detail.map((input) => ({ input, blend: 'soft-light' as const })))
    .png()
    .toBuffer();
  return asBytes(await sharp(flat).jpeg({ quality: 85 }).toBuffer());
}
