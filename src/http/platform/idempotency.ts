import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { ValidationError } from '../../domain/shared/errors';
import { requestKey, requestKeyStreamId } from '../../domain/shared/request-keys';
import { nameToUuid } from '../../processes/bidding/bid-refunds';
import { appendCommand } from '../commands';
import type { AppEnv } from '../context';
import type { AppDeps } from '../deps';
import { seedRequest } from './request-seeds';

/*
 * Creates that can be retried (issue 25, item 5; docs/decisions/0061). A
 * request with an `Idempotency-Key` claims the key, for the signed-in person
 * (or for anyone, before sign-in), with a fingerprint of its method, path and
 * body, in a stream of the log every node reads. A retry with the same key
 * and fingerprint runs again with the same ids: the ids it makes
 * (`newRequestId`) and its events' ids (src/http/commands.ts) are derived from
 * the key, so each command that landed the first time is found in its stream
 * and not decided again, and the answer is built from what it wrote. A key
 * used for another request is refused (422). No answer body is stored: the
 * log keeps no copy of what the answers say about people.
 */

export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;
export const IDEMPOTENCY_KEY_MESSAGE = 'Idempotency-Key must be 8 to 100 letters, digits, _ or -';

/**
 * Honours the request's Idempotency-Key, in a route that creates something:
 * called once the request is valid and allowed (so a refused one writes
 * nothing), before the route makes its first id or appends. Without the
 * header the request runs as before. Refuses a malformed key (400) and a key
 * first used for another request (422).
 */
export async function honourIdempotencyKey(deps: Pick<AppDeps, 'eventStore' | 'clock'> & Partial<Pick<AppDeps, 'node'>>, c: Context<AppEnv>): Promise<void> {
  const key = c.req.header('idempotency-key');
  if (key === undefined) return;
  if (!IDEMPOTENCY_KEY.test(key)) throw new ValidationError(IDEMPOTENCY_KEY_MESSAGE);
  const session = c.get('session');
  const who = session.user ? `user:${session.user.subject}` : session.admin ? `admin:${session.admin.subject}` : 'anyone';
  const seed = nameToUuid(`request-key:${who}:${key}`);
  const fingerprint = await fingerprintOf(c);
  // Only the request id goes with it: the claim says nothing about who asked, or from where. A key is nearly
  // always new, so its stream is not read first: a retry's claim conflicts, and reads it then.
  const claimed = await appendCommand(deps, c, requestKeyStreamId(seed), requestKey, { type: 'ClaimRequestKey', fingerprint, at: deps.clock().toISOString() }, {
    metadata: { requestId: c.get('requestId') },
    tellPosition: false,
    expectNew: true,
  });
  // A key claimed just now has nothing landed to look for; a retry (or its racing twin) looks in each stream it writes.
  seedRequest(c, seed, { retry: claimed.events.length === 0 });
}

/**
 * The method, path and body. A multipart body by its fields and each file's
 * name, type and bytes, since a client sending the same form again picks a new
 * boundary.
 */
async function fingerprintOf(c: Context<AppEnv>): Promise<string> {
  const hash = createHash('sha256').update(`${c.req.method} ${c.req.path}\n`);
  const type = c.req.header('content-type') ?? '';
  const multipart = type.startsWith('multipart/form-data');
  // A JSON route read its body as text already: those characters in UTF-8 are the bytes Hono would hand back
  // (through a Response built from the same text), without building one.
  const text = multipart ? undefined : (c.req.bodyCache.text as Promise<string> | undefined);
  if (text) return hash.update(await text, 'utf8').digest('hex');
  const body = new Uint8Array(await c.req.arrayBuffer());
  const form = multipart ? await formOf(body, type) : null;
  if (!form) return hash.update(body).digest('hex');
  for (const [name, value] of form) {
    if (typeof value === 'string') hash.update(`field ${name}=${value}\n`);
    else hash.update(`file ${name}=${value.name};${value.type};`).update(new Uint8Array(await value.arrayBuffer())).update('\n');
  }
  return hash.digest('hex');
}

async function formOf(body: Uint8Array<ArrayBuffer>, type: string): Promise<Array<[string, FormDataEntryValue]> | null> {
  try {
    return [...(await new Response(body, { headers: { 'content-type': type } }).formData()).entries()];
  } catch {
    // Not a form after all: the route answers that; the bytes are its fingerprint.
    return null;
  }
}
