/*
 * A naming scheme for streams: `{prefix}-{id}`. Each context declares its
 * schemes beside its events (`userStream` in accounts, `propertyStream` in
 * listings, …) and builds and reads its stream ids only through them, so no
 * code outside a scheme slices a stream id by hand (docs/decisions/0069).
 */

export interface StreamScheme {
  /** The prefix without its dash: `user`, `property`, `bid-seen`. */
  readonly prefix: string;
  /** The stream id of one subject: `user-{id}`. */
  of(id: string): string;
  /** Whether the stream id follows this scheme. */
  owns(streamId: string): boolean;
  /** The subject's id in a stream id of this scheme; null for another scheme's. */
  idOf(streamId: string): string | null;
  /** The subject's id in a stream id already known to follow this scheme (an event its context's guard let through). */
  idIn(streamId: string): string;
}

export function streamScheme(prefix: string): StreamScheme {
  const head = `${prefix}-`;
  return {
    prefix,
    of: (id) => `${head}${id}`,
    owns: (streamId) => streamId.startsWith(head),
    idOf: (streamId) => (streamId.startsWith(head) ? streamId.slice(head.length) : null),
    idIn: (streamId) => {
      if (!streamId.startsWith(head)) throw new Error(`Stream ${streamId} is not a ${prefix} stream`);
      return streamId.slice(head.length);
    },
  };
}

/** The first scheme that owns the stream id, with the id it names; null when none does. */
export function parseStreamId<S extends StreamScheme>(streamId: string, schemes: readonly S[]): { scheme: S; id: string } | null {
  for (const scheme of schemes) {
    const id = scheme.idOf(streamId);
    if (id !== null) return { scheme, id };
  }
  return null;
}

/*
 * The two streams more than one context reads: a user's account (accounts
 * writes it, bidding's bids and credits sit in it) and a listing (listings
 * writes it, bidding folds its facts).
 */
export const userStream = streamScheme('user');
export const propertyStream = streamScheme('property');
