import { randomBytes } from 'node:crypto';

/**
 * Per-person encryption keys, kept outside the event log so that erasing a
 * key erases what the log holds encrypted under it (crypto-shredding,
 * docs/decisions/0042). Three adapters (memory, SQLite `DATA_DIR/keys.db`,
 * MongoDB `personal_keys`) pass `keys-conformance.ts`.
 */
export interface PersonalKeys {
  /**
   * The subject's 32-byte key, created on first use. Nodes racing on a new
   * subject all end with the same key (insert if absent, then read back).
   * Null once the subject was erased: an erased subject never gets a new key,
   * so nothing written after the erasure can be read under their name.
   */
  keyFor(subjectId: string): Promise<Buffer | null>;
  /** The subject's key, or null when they have none or it was erased. Never creates one. */
  find(subjectId: string): Promise<Buffer | null>;
  /** Forgets the key for good and leaves a tombstone, so that keyFor never makes a new one. */
  erase(subjectId: string): Promise<void>;
  close(): Promise<void>;
}

export const KEY_BYTES = 32;

export function newKey(): Buffer {
  return randomBytes(KEY_BYTES);
}

/** Keys in this process's memory: for tests and the in-memory app. */
export function createMemoryPersonalKeys(): PersonalKeys {
  const keys = new Map<string, Buffer | null>();
  return {
    async keyFor(subjectId) {
      if (!keys.has(subjectId)) keys.set(subjectId, newKey());
      return keys.get(subjectId) ?? null;
    },
    async find(subjectId) {
      return keys.get(subjectId) ?? null;
    },
    async erase(subjectId) {
      keys.set(subjectId, null);
    },
    async close() {},
  };
}

/** A key store that remembers keys for a short while, with a way to forget one at once. */
export interface CachedPersonalKeys extends PersonalKeys {
  /** Drops the subject from this node's cache (the decorator calls it when it reads an AccountErased). */
  forget(subjectId: string): void;
}

/**
 * Remembers keys found for `ttlMs`, never a miss: an erasure on this node
 * takes effect at once, one on another node within `ttlMs` (or as soon as
 * this node reads the AccountErased event, whichever comes first), and a key
 * another node created meanwhile is found on the next look.
 *
 * A key for sealing (`keyFor`) is remembered longer, `sealTtlMs` (at most
 * `sealEntries` subjects): a value sealed under a key another node has just
 * erased can be opened by nobody, so it reads as its stand-in everywhere, as
 * the stand-in written in its place would. Opening (`find`) still trusts a
 * key only `ttlMs`, which is what the erasure promise rests on.
 */
export function withKeyCache(inner: PersonalKeys, options: { ttlMs: number; sealTtlMs?: number; sealEntries?: number; now?: () => number }): CachedPersonalKeys {
  const now = options.now ?? Date.now;
  const sealTtlMs = Math.max(options.sealTtlMs ?? options.ttlMs, options.ttlMs);
  const sealEntries = options.sealEntries ?? 10_000;
  const cache = new Map<string, { key: Buffer; until: number }>();
  const sealing = new Map<string, { key: Buffer; until: number }>();
  const remembered = (from: typeof cache, subjectId: string): Buffer | null => {
    const entry = from.get(subjectId);
    if (!entry) return null;
    if (entry.until > now()) return entry.key;
    from.delete(subjectId);
    return null;
  };
  const remember = (subjectId: string, key: Buffer | null): Buffer | null => {
    if (key) cache.set(subjectId, { key, until: now() + options.ttlMs });
    return key;
  };
  const rememberForSealing = (subjectId: string, key: Buffer | null): Buffer | null => {
    if (!key) return key;
    sealing.delete(subjectId);
    // The oldest entry goes first: a Map keeps insertion order.
    if (sealing.size >= sealEntries) sealing.delete(sealing.keys().next().value as string);
    sealing.set(subjectId, { key, until: now() + sealTtlMs });
    return remember(subjectId, key);
  };
  const drop = (subjectId: string) => {
    cache.delete(subjectId);
    sealing.delete(subjectId);
  };
  return {
    async keyFor(subjectId) {
      return remembered(sealing, subjectId) ?? rememberForSealing(subjectId, await inner.keyFor(subjectId));
    },
    async find(subjectId) {
      return remembered(cache, subjectId) ?? remember(subjectId, await inner.find(subjectId));
    },
    async erase(subjectId) {
      drop(subjectId);
      await inner.erase(subjectId);
      drop(subjectId);
    },
    forget(subjectId) {
      drop(subjectId);
    },
    close: () => inner.close(),
  };
}
