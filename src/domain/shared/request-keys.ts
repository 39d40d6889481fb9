import type { Decider } from './decider';

/*
 * A request's Idempotency-Key (docs/decisions/0061): the first request with
 * a key claims it with a fingerprint of what it asked (method, path, body);
 * a retry with the same fingerprint goes on and finds in the log what the
 * first one wrote, one with another fingerprint is refused. One stream per
 * key and person, `request-key-{uuid}`, read by every node.
 */

export const requestKeyStreamId = (id: string) => `request-key-${id}`;

export type RequestKeyClaimed = {
  type: 'RequestKeyClaimed';
  /** A SHA-256 of the method, path and body: nothing of the body itself. */
  data: { fingerprint: string; at: string };
};

export type RequestKeyEvent = RequestKeyClaimed;

export type ClaimRequestKey = { type: 'ClaimRequestKey'; fingerprint: string; at: string };

/** The key was first used for another request: HTTP 422. */
export class RequestKeyReusedError extends Error {
  constructor() {
    super('This Idempotency-Key was used for another request');
    this.name = 'RequestKeyReusedError';
  }
}

export const requestKey: Decider<ClaimRequestKey, { fingerprint: string | null }, RequestKeyEvent> = {
  initialState: { fingerprint: null },
  evolve: (state, event) => (state.fingerprint === null ? { fingerprint: event.data.fingerprint } : state),
  decide(command, state) {
    if (state.fingerprint === null) return [{ type: 'RequestKeyClaimed', data: { fingerprint: command.fingerprint, at: command.at } }];
    if (state.fingerprint === command.fingerprint) return [];
    throw new RequestKeyReusedError();
  },
};
