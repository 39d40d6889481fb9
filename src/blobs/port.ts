/**
 * Files (property images, utility bills) live outside the event log; events
 * carry only their keys. Two adapters implement this port, a folder under
 * `DATA_DIR/uploads` (the embedded default) and S3; both pass `conformance.ts`.
 * Keys are made by the server (`keys.ts`) and checked before they reach an adapter.
 */

export interface StoredBlob {
  bytes: Uint8Array;
  contentType: string;
}

export interface BlobStore {
  /** Stores (or replaces) the bytes under `key`. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes and their content type, or null when nothing is stored under `key`. */
  get(key: string): Promise<StoredBlob | null>;
  /** Removes the blob; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /**
   * A short-lived address at which a browser can GET the blob, valid for
   * `ttlSeconds`. Whoever holds it can read the blob until then, so only
   * routes that checked the caller's right hand one out.
   */
  url(key: string, ttlSeconds: number): Promise<string>;
}
