import type { EventStore, NewEvent, RecordedEvent } from '../event-store/port';
import type { PersonalKeys } from './keys';
import type { StandIn } from './personal-fields';
import { PERSONAL_FIELDS, PERSONAL_METADATA, subjectOfMetadata } from './personal-fields';
import { createRecentlySealed, createSealedAgain, isSealed, seal } from './sealing';
import { userStream } from '../domain/shared/stream-ids';

export type { SealedValue } from './sealing';
export { isSealed } from './sealing';

/** The event that tells every node a person was erased; the decorator drops their key from its cache on reading it. */
export const ACCOUNT_ERASED = 'AccountErased';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A shallow copy by a loop, not a spread: records of every event type's shape
 * are copied at the same few places, where V8's spread falls to its slow path
 * (several times the loop's cost, decision 0052).
 */
function copyRecord<T extends Record<string, unknown>>(record: T): T {
  const copy: Record<string, unknown> = {};
  for (const field in record) copy[field] = record[field];
  return copy as T;
}

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
  // The request's address and browser, sealed once per value per person (sealing.ts says what that shows).
  const sealedAgain = createSealedAgain();

  const sealFields = async (subjectId: string | null, record: Record<string, unknown>, fields: Record<string, StandIn>, again: boolean) => {
    if (!subjectId) return record;
    // The key is looked up, and the record copied, at the first value to seal: a record with none costs neither.
    let sealed: Record<string, unknown> | undefined;
    let key: Buffer | null = null;
    for (const field in fields) {
      const value = record[field];
      if (value === undefined || value === null || isSealed(value)) continue;
      if (!sealed) {
        key = await keys.keyFor(subjectId);
        sealed = copyRecord(record);
      }
      if (!key) {
        // An erased person's new values are written as their stand-ins straight away.
        sealedAgain.drop(subjectId);
        sealed[field] = (fields[field] as StandIn)(subjectId);
        continue;
      }
      const json = JSON.stringify(value);
      const sealedValue = again ? sealedAgain.seal(subjectId, key, json) : seal(subjectId, key, json);
      recentlySealed.keep(sealedValue, json);
      sealed[field] = sealedValue;
    }
    return sealed ?? record;
  };

  const sealEvent = async (streamId: string, event: NewEvent): Promise<NewEvent> => {
    const rule = PERSONAL_FIELDS[event.type];
    const data = isRecord(event.data) && rule ? await sealFields(rule.subject(streamId, event.data), event.data, rule.fields, false) : event.data;
    const metadata = event.metadata
      ? await sealFields(subjectOfMetadata(streamId, isRecord(event.data) ? event.data : {}, event.metadata, event.type), event.metadata, PERSONAL_METADATA, true)
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
      opened ??= copyRecord(record);
      const standIn = fields[field] as StandIn;
      const key = found.get(value.$pii);
      const json = key ? recentlySealed.open(value, key) : undefined;
      opened[field] = json === undefined ? standIn(value.$pii) : (JSON.parse(json) as unknown);
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
      sealedAgain.drop(subjectId);
    }
  };

  const openAll = async (events: RecordedEvent[]): Promise<RecordedEvent[]> => {
    // Before any key is looked up, so an erased person's key is not taken from the cache.
    forgetErased(events);
    const subjects = new Set<string>();
    for (const event of events) subjectsSealedIn(event, subjects);
    if (subjects.size === 0) return events;
    const found = new Map<string, Buffer | null>();
    // One subject (an event read on its own, most pages of one stream): no array of promises to wait for.
    if (subjects.size === 1) for (const subject of subjects) found.set(subject, await keys.find(subject));
    else for (const [subject, key] of await Promise.all([...subjects].map(async (subject) => [subject, await keys.find(subject)] as const))) found.set(subject, key);
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
      // One event (most commands): no array of promises to wait for.
      const [only] = events;
      const sealed = events.length === 1 && only ? [await sealEvent(streamId, only)] : await Promise.all(events.map((event) => sealEvent(streamId, event)));
      return inner.append(streamId, sealed, expectedState);
    },
    readStream: async (streamId, options) => {
      const events = await inner.readStream(streamId, options);
      if (options?.personalValues !== 'sealed') return openAll(events);
      forgetErased(events);
      return events;
    },
    // A revision holds no personal value.
    ...(inner.streamRevision ? { streamRevision: inner.streamRevision.bind(inner) } : {}),
    readAll: async (options) => openAll(await inner.readAll(options)),
    headPosition: () => inner.headPosition(),
    subscribe: (options) => inner.subscribe({ ...options, onEvent: async (event) => options.onEvent(await openEvent(event)) }),
    close: () => inner.close(),
  };
}

