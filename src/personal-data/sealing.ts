import type { KeyObject } from 'node:crypto';
import { createCipheriv, createDecipheriv, createSecretKey, randomBytes } from 'node:crypto';

/*
 * Sealing and opening one personal value (docs/decisions/0042): AES-256-GCM
 * under its subject's key, the subject authenticated with it. What the
 * shredding decorator (shredding-event-store.ts) calls per value.
 */

/** How a personal value is stored in the log: encrypted under its subject's key (AES-256-GCM). */
export interface SealedValue {
  $pii: string;
  /** 12 random bytes, base64. */
  iv: string;
  /** The JSON of the value, encrypted, then the 16-byte tag; base64. */
  data: string;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function isSealed(value: unknown): value is SealedValue {
  return typeof value === 'object' && value !== null && typeof (value as SealedValue).$pii === 'string' && typeof (value as SealedValue).data === 'string';
}

// Random bytes for IVs, drawn a few kilobytes at a time: one call to the system's generator per 341 seals, not per seal.
const IV_POOL_BYTES = IV_BYTES * 341;
let ivPool = Buffer.alloc(0);
let ivTaken = 0;
function nextIv(): Buffer {
  if (ivTaken + IV_BYTES > ivPool.length) {
    ivPool = randomBytes(IV_POOL_BYTES);
    ivTaken = 0;
  }
  const iv = ivPool.subarray(ivTaken, ivTaken + IV_BYTES);
  ivTaken += IV_BYTES;
  return iv;
}

/*
 * A key's KeyObject, made once per key's bytes: a cipher made from a KeyObject
 * skips importing the raw bytes each time (about a fifth of a decipher). Held
 * weakly by the Buffer the key cache hands out, so it goes when the cache
 * drops the key (an erasure, or its time ran out).
 */
const keyObjects = new WeakMap<Buffer, KeyObject>();
function keyObjectOf(key: Buffer): KeyObject {
  let found = keyObjects.get(key);
  if (!found) keyObjects.set(key, (found = createSecretKey(key)));
  return found;
}

export function seal(subjectId: string, key: Buffer, json: string): SealedValue {
  const iv = nextIv();
  const cipher = createCipheriv('aes-256-gcm', keyObjectOf(key), iv);
  // The subject is authenticated with the value, so a sealed value cannot be moved under another person's name.
  cipher.setAAD(Buffer.from(subjectId));
  const data = Buffer.concat([cipher.update(json, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { $pii: subjectId, iv: iv.toString('base64'), data: data.toString('base64') };
}

/**
 * Values sealed before, by subject and JSON, handed out again instead of
 * sealing anew (docs/decisions/0052, seventh round): a request's address and
 * browser are the same on every event of a session, and each bid sealed both.
 * Only while the subject's key is the one they were sealed under: a subject
 * whose key differs, or who is dropped (their erasure read, their key
 * forgotten, no key found for sealing), starts over. So one person's equal
 * values read as equal ciphertexts in the raw log (their equality shows, not
 * what they are); GCM's IV is then reused only with the very same plaintext
 * and subject (the AAD), which gives the same ciphertext and tag and nothing
 * else. Bounded: the subjects sealed for last, a few values each.
 */
const RESEALED_SUBJECTS = 2048;
const RESEALED_VALUES = 4;
export function createSealedAgain() {
  const bySubject = new Map<string, { key: Buffer; values: Map<string, { iv: string; data: string }> }>();
  return {
    seal(subjectId: string, key: Buffer, json: string): SealedValue {
      let entry = bySubject.get(subjectId);
      if (entry && entry.key !== key && !entry.key.equals(key)) {
        bySubject.delete(subjectId);
        entry = undefined;
      }
      const found = entry?.values.get(json);
      // A fresh object each time: whoever holds one may not share it with the next event.
      if (found) return { $pii: subjectId, iv: found.iv, data: found.data };
      const sealed = seal(subjectId, key, json);
      if (!entry) {
        // The oldest subject goes first: a Map keeps insertion order.
        if (bySubject.size >= RESEALED_SUBJECTS) bySubject.delete(bySubject.keys().next().value as string);
        bySubject.set(subjectId, (entry = { key, values: new Map() }));
      }
      if (entry.values.size >= RESEALED_VALUES) entry.values.delete(entry.values.keys().next().value as string);
      entry.values.set(json, { iv: sealed.iv, data: sealed.data });
      return sealed;
    },
    /** Forgets every value sealed for `subjectId`: nothing sealed for them before is handed out again. */
    drop(subjectId: string) {
      bySubject.delete(subjectId);
    },
  };
}

/** The JSON a sealed value holds, or undefined when it does not open under `key` (another key, moved, or altered). */
export function openJson(sealed: SealedValue, key: Buffer): string | undefined {
  try {
    const bytes = Buffer.from(sealed.data, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', keyObjectOf(key), Buffer.from(sealed.iv, 'base64'), { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(sealed.$pii));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const json = decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES), undefined, 'utf8');
    // GCM holds nothing back: final() only checks the tag, and throws when it does not match.
    decipher.final();
    return json;
  } catch {
    return undefined;
  }
}

/**
 * The JSON this process sealed or opened last, by sealed bytes (ciphertext and
 * tag, base64). An event this node appended comes back at once through its own
 * subscription; one another node appended carries the same sealed address and
 * browser on every event of a session (createSealedAgain), and each node
 * follows every event. Either is then opened from here, without deciphering
 * it, once its subject's key is found as for any open: the key is the one it
 * was sealed with (a key never changes, and an erased one is never made
 * again), so the value read is what deciphering would give. The ciphertext
 * names one sealing only: the same IV and subject are checked too.
 */
const SEALED_KEPT = 4096;
export function createRecentlySealed() {
  const kept = new Map<string, { subjectId: string; iv: string; json: string }>();
  const keep = (sealed: SealedValue, json: string) => {
    if (kept.size >= SEALED_KEPT) kept.delete(kept.keys().next().value as string);
    kept.set(sealed.data, { subjectId: sealed.$pii, iv: sealed.iv, json });
  };
  return {
    keep,
    /** Forgets what was sealed for `subjectId`: once they are erased, no copy of their values stays here. */
    drop(subjectId: string) {
      for (const [data, entry] of kept) if (entry.subjectId === subjectId) kept.delete(data);
    },
    /** What `sealed` holds under `key`, the subject's key found for this read: from here when kept, else deciphered and kept. */
    open(sealed: SealedValue, key: Buffer): string | undefined {
      const entry = kept.get(sealed.data);
      // Only for the very value sealed: the same subject (deciphering checks it) and IV too.
      if (entry && entry.subjectId === sealed.$pii && entry.iv === sealed.iv) return entry.json;
      const json = openJson(sealed, key);
      if (json !== undefined) keep(sealed, json);
      return json;
    },
  };
}
