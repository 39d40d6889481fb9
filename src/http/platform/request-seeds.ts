import type { Context } from 'hono';
import { nameToUuid } from '../../processes/bidding/bid-refunds';
import type { AppEnv } from '../context';

/*
 * The ids of a request that carries an Idempotency-Key, derived from the key
 * (src/http/platform/idempotency.ts, docs/decisions/0061), so its retry makes the same
 * ones: what it creates, and its events.
 */

/** What a keyed request derives its ids from; set by `idempotent`, read through the helpers below. */
export interface RequestSeed {
  seed: string;
  ids: number;
  /** True when the key was claimed before: its commands may have landed, so each is looked for before it is decided. */
  retry: boolean;
  /** Commands so far per stream: counted per stream, so a step that runs only sometimes (a reclaimed name) shifts no other stream's ids. */
  commands: Map<string, number>;
}

const seeds = new WeakMap<Request, RequestSeed>();

/** Called by the `idempotent` middleware once the key is claimed. */
export function seedRequest(c: Context<AppEnv>, seed: string, options: { retry: boolean }): void {
  seeds.set(c.req.raw, { seed, retry: options.retry, ids: 0, commands: new Map() });
}

/** A new id for what the request creates: random, or derived from the Idempotency-Key so a retry makes the same one. */
export function newRequestId(c: Context<AppEnv>): string {
  const seeded = seeds.get(c.req.raw);
  if (!seeded) return crypto.randomUUID();
  return nameToUuid(`${seeded.seed}:id:${seeded.ids++}`);
}

/**
 * For the request's next command on `streamId`: the ids of its events, and,
 * on a retry, the id of its first event to look for in the stream
 * (handleCommand `landedEventId`). Nothing for a request without a key.
 */
export function seededEventIds(c: Context<AppEnv>, streamId: string): { eventId: (event: unknown, index: number) => string; landedEventId?: string } | undefined {
  const seeded = seeds.get(c.req.raw);
  if (!seeded) return undefined;
  const command = seeded.commands.get(streamId) ?? 0;
  seeded.commands.set(streamId, command + 1);
  const eventId = (_event: unknown, index: number) => nameToUuid(`${seeded.seed}:${streamId}:${command}:${index}`);
  return seeded.retry ? { eventId, landedEventId: eventId(undefined, 0) } : { eventId };
}
