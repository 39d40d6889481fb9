import { describe, expect, it } from 'vitest';
import { ValidationError } from '../domain/shared/errors';
import { isBlobKey } from '../contract/blob-keys';
import { newBlobKey, parseBlobKey, parseStoredKey, storedKeysOf, variantKey } from './keys';
import { sniffFileType } from './sniff';

const bytes = (...values: Array<number | string>) =>
  new Uint8Array(values.flatMap((v) => (typeof v === 'number' ? [v] : [...v].map((ch) => ch.charCodeAt(0)))));

describe('blob keys', () => {
  it('are made by the server in their folder, and parse back', () => {
    const key = newBlobKey('bills', 'pdf');
    expect(key).toMatch(/^bills\/[0-9a-f-]{36}\.pdf$/);
    expect(parseBlobKey(key)).toEqual({ key, folder: 'bills' });
    expect(isBlobKey(key, 'bills')).toBe(true);
    expect(isBlobKey(key, 'images')).toBe(false);
  });

  it('refuse anything else, however it tries to leave its folder', () => {
    const uuid = '0b7f0c1e-6f57-4a4e-9d7e-2f0a5c1d9e01';
    for (const raw of [`../${uuid}.png`, `/images/${uuid}.png`, `images\\${uuid}.png`, `images/../bills/${uuid}.pdf`, `images/${uuid}.png%00`, `images/${uuid}.exe`, `other/${uuid}.png`, `IMAGES/${uuid}.png`]) {
      expect(() => parseBlobKey(raw), raw).toThrow(ValidationError);
      expect(isBlobKey(raw)).toBe(false);
    }
    expect(isBlobKey(42)).toBe(false);
  });
});

describe('sized copies of images (decision 0054)', () => {
  it('live beside the picture, one WebP per width', () => {
    const key = newBlobKey('images', 'jpg');
    const stem = key.slice(0, -'.jpg'.length);
    expect(variantKey(key, 400)).toBe(`${stem}-w400.webp`);
    expect(storedKeysOf(key)).toEqual([key, `${stem}-w400.webp`, `${stem}-w800.webp`, `${stem}-w1600.webp`]);
    for (const stored of storedKeysOf(key)) expect(parseStoredKey(stored)).toBe(stored);
  });

  it('are only for images; a bill is stored alone', () => {
    const bill = newBlobKey('bills', 'png');
    expect(() => variantKey(bill, 400)).toThrow();
    expect(storedKeysOf(bill)).toEqual([bill]);
  });

  it('are no key a client may send, and the adapters take no other width or folder', () => {
    const copy = variantKey(newBlobKey('images', 'png'), 800);
    expect(() => parseBlobKey(copy)).toThrow(ValidationError);
    expect(isBlobKey(copy)).toBe(false);
    for (const raw of [copy.replace('-w800', '-w500'), copy.replace('images/', 'bills/'), copy.replace('.webp', '.png'), `${copy}/..`]) {
      expect(() => parseStoredKey(raw), raw).toThrow(ValidationError);
    }
  });
});

describe('sniffFileType', () => {
  it('knows JPEG, PNG, WebP and PDF by their first bytes', () => {
    expect(sniffFileType(bytes(0xff, 0xd8, 0xff, 0xdb))?.contentType).toBe('image/jpeg');
    expect(sniffFileType(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a))?.extension).toBe('png');
    expect(sniffFileType(bytes('RIFF', 0, 0, 0, 0, 'WEBP'))?.extension).toBe('webp');
    expect(sniffFileType(bytes('%PDF-1.4'))?.contentType).toBe('application/pdf');
  });

  it('knows nothing else, nor a signature cut short', () => {
    for (const sample of [bytes('hello'), bytes('RIFF', 0, 0, 0, 0, 'WAVE'), bytes(0x89, 'PNG'), bytes('<svg>'), bytes('GIF89a'), new Uint8Array()]) {
      expect(sniffFileType(sample)).toBeNull();
    }
  });
});
