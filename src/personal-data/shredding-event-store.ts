import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { EventStore, NewEvent, RecordedEvent } from '../event-store/port';
import type { PersonalKeys } from './keys';
import type { StandIn } from './personal-fields';
import { PERSONAL_FIELDS, PERSONAL_METADATA, subjectOfMetadata } from './personal-fields';
import { userStream } from '../domain/shared/stream-ids';

/** How a personal value is stored in the log: encrypted under its subject's key (AES-256-GCM). */
export interface SealedValue {
  $pii: string;
  /** 12 random bytes, base64. */
  iv: string;
  /** The JSON of the value, encrypted, then the 16-byte tag; base64. */
  data: string;
}

/** The event that tells every node a person was erased; the decorator drops their key from its cache on reading it. */
export const ACCOUNT_ERASED = 'AccountErased';

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

function seal(subjectId: string, key: Buffer, json: string): SealedValue {
  const iv = nextIv();
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  // The subject is authenticated with the value, so a sealed value cannot be moved under another person's name.
  cipher.setAAD(Buffer.from(subjectId));
  const data = Buffer.concat([cipher.update(json, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { $pii: subjectId, iv: iv.toString('base64'), data: data.toString('base64') };
}

/**
 * The JSON this process sealed last, by sealed bytes (ciphertext and tag,
 * base64): an event this node appended comes back at once through its own
 * subscription, and is then opened from here, without deciphering it, once
 * its subject's key is found as for any open: the key is the one it was
 * sealed with (a key never changes, and an erased one is never made again),
 * so the value read is what deciphering would give. The ciphertext names one
 * sealing only (a fresh random IV each time).
 */
const SEALED_KEPT = 4096;
function createRecentlySealed() {
  const kept = new Map<string, { subjectId: string; iv: string; json: string }>();
  return {
    keep(sealed: SealedValue, json: string) {
      if (kept.size >= SEALED_KEPT) kept.delete(kept.keys().next().value as string);
      kept.set(sealed.data, { subjectId: sealed.$pii, iv: sealed.iv, json });
    },
    /** Forgets what was sealed for `subjectId`: once they are erased, no copy of their values stays here. */
    drop(subjectId: string) {
      for (const [data, entry] of kept) if (entry.subjectId === subjectId) kept.delete(data);
    },
    // Only for the very value sealed: the same subject (deciphering checks it) and IV too.
    json(sealed: SealedValue): string | undefined {
      const entry = kept.get(sealed.data);
      return entry && entry.subjectId === sealed.$pii && entry.iv === sealed.iv ? entry.json : undefined;
    },
  };
}

function open(sealed: SealedValue, key: Buffer): { ok: true; value: unknown } | { ok: false } {
  try {
    const bytes = Buffer.from(sealed.data, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
    decipher.setAAD(Buffer.from(sealed.$pii));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const plain = Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final()]);
    return { ok: true, value: JSON.parse(plain.toString('utf8')) };
  } catch {
    return { ok: false };
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function addSubject(value: unknown, into: Set<string>): void {
  if (isSealed(value)) into.add(value.$pii);
}

/**
 * The EventStore port with personal values encrypted on the way in and
 * decrypted on every way out (docs/decisions/0042). Once a person's key is
 * erased, their values read as the stand-ins of personal-fields.ts, on every
 * backend and in every replay. Events written before it stay as they were.
 */
export function withPersonalDataShredding(inner: EventStore, keys: PersonalKeys & { forget?(subjectId: string): void }): EventStore {
  const recentlySealed = createRecentlySealed();

  const sealFields = async (subjectId: string | null, record: Record<string, unknown>, fields: Record<string, StandIn>) => {
    if (!subjectId) return record;
    const present = Object.keys(fields).filter((field) => record[field] !== undefined && record[field] !== null && !isSealed(record[field]));
    if (present.length === 0) return record;
    const key = await keys.keyFor(subjectId);
    const sealed = { ...record };
    for (const field of present) {
      if (!key) {
        // An erased person's new values are written as their stand-ins straight away.
        sealed[field] = (fields[field] as StandIn)(subjectId);
        continue;
      }
      const json = JSON.stringify(record[field]);
      const value = seal(subjectId, key, json);
      recentlySealed.keep(value, json);
      sealed[field] = value;
    }
    return sealed;
  };

  const sealEvent = async (streamId: string, event: NewEvent): Promise<NewEvent> => {
    const rule = PERSONAL_FIELDS[event.type];
    const data = isRecord(event.data) && rule ? await sealFields(rule.subject(streamId, event.data), event.data, rule.fields) : event.data;
    const metadata = event.metadata
      ? await sealFields(subjectOfMetadata(streamId, isRecord(event.data) ? event.data : {}, event.metadata, event.type), event.metadata, PERSONAL_METADATA)
      : event.metadata;
    return data === event.data && metadata === event.metadata ? event : { ...event, data, ...(metadata ? { metadata } : {}) };
  };

  // Opens what a page of events holds sealed: each subject's key is looked up once for the page, and a page
  // with nothing sealed (the log written before encryption, or events with no personal values) costs no lookup.
  const openFields = <T extends Record<string, unknown>>(record: T, fields: Record<string, StandIn>, found: ReadonlyMap<string, Buffer | null>): T => {
    let opened: Record<string, unknown> | undefined;
    for (const field in fields) {
      const value = record[field];
      if (!isSealed(value)) continue;
      opened ??= { ...record };
      const key = found.get(value.$pii);
      const json = key ? recentlySealed.json(value) : undefined;
      const result = json !== undefined ? { ok: true as const, value: JSON.parse(json) as unknown } : key ? open(value, key) : ({ ok: false } as const);
      opened[field] = result.ok ? result.value : (fields[field] as StandIn)(value.$pii);
    }
    return (opened as T | undefined) ?? record;
  };

  const subjectsSealedIn = (event: RecordedEvent, into: Set<string>) => {
    const rule = PERSONAL_FIELDS[event.type];
    if (rule && isRecord(event.data)) for (const field in rule.fields) addSubject(event.data[field], into);
    for (const field in PERSONAL_METADATA) addSubject(event.metadata[field], into);
  };

  const forgetErased = (events: RecordedEvent[]) => {
    for (const event of events) {
      const subjectId = event.type === ACCOUNT_ERASED ? userStream.idOf(event.streamId) : null;
      if (subjectId === null) continue;
      keys.forget?.(subjectId);
      recentlySealed.drop(subjectId);
    }
  };

  const openAll = async (events: RecordedEvent[]): Promise<RecordedEvent[]> => {
    // Before any key is looked up, so an erased person's key is not taken from the cache.
    forgetErased(events);
    const subjects = new Set<string>();
    for (const event of events) subjectsSealedIn(event, subjects);
    if (subjects.size === 0) return events;
    const found = new Map(await Promise.all([...subjects].map(async (subject) => [subject, await keys.find(subject)] as const)));
    return events.map((event) => {
      const rule = PERSONAL_FIELDS[event.type];
      const data = rule && isRecord(event.data) ? openFields(event.data, rule.fields, found) : event.data;
      const metadata = openFields(event.metadata, PERSONAL_METADATA, found);
      return data === event.data && metadata === event.metadata ? event : { ...event, data, metadata };
    });
  };

  const openEvent = async (event: RecordedEvent): Promise<RecordedEvent> => (await openAll([event]))[0] as RecordedEvent;

  return {
    async append(streamId, events, expectedState) {
      const sealed = await Promise.all(events.map((event) => sealEvent(streamId, event)));
      return inner.append(streamId, sealed, expectedState);
    },
    readStream: async (streamId, options) => {
      const events = await inner.readStream(streamId, options);
      if (options?.personalValues !== 'sealed') return openAll(events);
      forgetErased(events);
      return events;
    },
    readAll: async (options) => openAll(await inner.readAll(options)),
    headPosition: () => inner.headPosition(),
    subscribe: (options) => inner.subscribe({ ...options, onEvent: async (event) => options.onEvent(await openEvent(event)) }),
    close: () => inner.close(),
  };
}
