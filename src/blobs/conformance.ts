import { describe, expect, it } from 'vitest';
import { ValidationError } from '../domain/shared/errors';
import { newBlobKey, variantKey } from './keys';
import type { BlobStore } from './port';

/** One adapter under test, and how a browser would reach the addresses it hands out. */
export interface BlobBackend {
  store: BlobStore;
  /** GETs an address from `url` as a browser would. */
  fetch(url: string): Promise<Response>;
  /** Moves the clock `url` signs with; `undefined` returns to real time. */
  setNow(date: Date | undefined): void;
  close(): Promise<void>;
}

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const everyByte = new Uint8Array(Array.from({ length: 256 }, (_, i) => i));

const ESCAPING_KEYS = [
  '../images/x.png',
  'images/../bills/x.pdf',
  '/images/0b7f0c1e-6f57-4a4e-9d7e-2f0a5c1d9e01.png',
  'images\\0b7f0c1e-6f57-4a4e-9d7e-2f0a5c1d9e01.png',
  'images/%2e%2e%2fsecret.png',
  'images/0b7f0c1e-6f57-4a4e-9d7e-2f0a5c1d9e01.png/..',
  '',
];

/** What every blob adapter must do; run against the local folder always and S3 (s3rver) in every test run. */
export function describeBlobStoreConformance(name: string, open: () => Promise<BlobBackend>): void {
  describe(`blob store conformance: ${name}`, () => {
    const withBackend = (test: (backend: BlobBackend) => Promise<void>) => async () => {
      const backend = await open();
      try {
        await test(backend);
      } finally {
        await backend.close();
      }
    };

    it('gives back the bytes and content type it was given', withBackend(async ({ store }) => {
      const key = newBlobKey('images', 'png');
      await store.put(key, png, 'image/png');
      expect(await store.get(key)).toEqual({ bytes: png, contentType: 'image/png' });
      const bill = newBlobKey('bills', 'pdf');
      await store.put(bill, everyByte, 'application/pdf');
      const stored = await store.get(bill);
      expect(stored?.contentType).toBe('application/pdf');
      expect([...(stored?.bytes ?? [])]).toEqual([...everyByte]);
    }));

    it('keeps an image\'s sized copy under its own key', withBackend(async ({ store }) => {
      const key = newBlobKey('images', 'jpg');
      const copy = variantKey(key, 400);
      await store.put(copy, everyByte, 'image/webp');
      expect(await store.get(key)).toBeNull();
      expect((await store.get(copy))?.contentType).toBe('image/webp');
      await store.delete(copy);
      expect(await store.get(copy)).toBeNull();
    }));

    it('answers null for a key with nothing stored', withBackend(async ({ store }) => {
      expect(await store.get(newBlobKey('images', 'jpg'))).toBeNull();
    }));

    it('replaces what a second put stores under the same key', withBackend(async ({ store }) => {
      const key = newBlobKey('images', 'jpg');
      await store.put(key, png, 'image/png');
      await store.put(key, everyByte, 'image/jpeg');
      const stored = await store.get(key);
      expect(stored?.contentType).toBe('image/jpeg');
      expect(stored?.bytes.length).toBe(256);
    }));

    it('deletes, and deleting a missing blob is no error', withBackend(async ({ store }) => {
      const key = newBlobKey('images', 'webp');
      const other = newBlobKey('images', 'webp');
      await store.put(key, png, 'image/webp');
      await store.put(other, png, 'image/webp');
      await store.delete(key);
      await store.delete(key);
      expect(await store.get(key)).toBeNull();
      expect(await store.get(other)).not.toBeNull();
    }));

    it('hands out an address that serves the blob', withBackend(async ({ store, fetch }) => {
      const key = newBlobKey('bills', 'png');
      await store.put(key, png, 'image/png');
      const res = await fetch(await store.url(key, 300));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(png);
    }));

    it('serves documents only as downloads, with the type their bytes have, and pictures inline', withBackend(async ({ store, fetch }) => {
      const pdf = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\n%%EOF\n');
      const bill = newBlobKey('bills', 'pdf');
      await store.put(bill, pdf, 'application/pdf');
      const document = await fetch(await store.url(bill, 300));
      expect(document.status).toBe(200);
      expect(document.headers.get('content-disposition')).toBe('attachment; filename="document.pdf"');
      expect(document.headers.get('content-type')).toBe('application/pdf');
      const picture = newBlobKey('images', 'png');
      await store.put(picture, png, 'image/png');
      const shown = await fetch(await store.url(picture, 300));
      expect(shown.headers.get('content-disposition') ?? 'inline').toBe('inline');
    }));

    it('refuses an expired address with 403, and a deleted blob with 404', withBackend(async ({ store, fetch, setNow }) => {
      const key = newBlobKey('images', 'png');
      await store.put(key, png, 'image/png');
      setNow(new Date(Date.now() - 2 * 60 * 60 * 1000));
      const stale = await store.url(key, 60);
      setNow(undefined);
      expect((await fetch(stale)).status).toBe(403);
      const fresh = await store.url(key, 60);
      await store.delete(key);
      expect((await fetch(fresh)).status).toBe(404);
    }));

    it('refuses keys that try to leave their folder, on every method', withBackend(async ({ store }) => {
      for (const key of ESCAPING_KEYS) {
        await expect(store.put(key, png, 'image/png'), key).rejects.toThrow(ValidationError);
        await expect(store.get(key), key).rejects.toThrow(ValidationError);
        await expect(store.delete(key), key).rejects.toThrow(ValidationError);
        await expect(store.url(key, 60), key).rejects.toThrow(ValidationError);
      }
    }));
  });
}
