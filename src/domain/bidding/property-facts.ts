import { MIN_BID_AMOUNT } from '../../contract/bidding/bidding';

/*
 * What bidding needs to know about a listing, folded from its stream
 * `property-{id}` (`propertyStream` in src/domain/shared/stream-ids.ts). The
 * listings context owns that stream; bidding reads only the agreed event names
 * and the few fields below, so the two contexts share events, not modules (and
 * this stays a plain fold a test can feed).
 */

export const PROPERTY_EVENT_TYPES = ['PropertyListed', 'PropertyUpdated', 'PropertyActivationToggled', 'PropertyDeleted'] as const;
const TYPES: ReadonlySet<string> = new Set(PROPERTY_EVENT_TYPES);

export type PropertyFacts = {
  /** Listed and not deleted. */
  exists: boolean;
  deleted: boolean;
  ownerId: string | null;
  title: string;
  isActive: boolean;
  biddingEndsAt: string | null;
  minBidAmount: number;
};

export const UNLISTED: PropertyFacts = {
  exists: false,
  deleted: false,
  ownerId: null,
  title: '',
  isActive: false,
  biddingEndsAt: null,
  minBidAmount: MIN_BID_AMOUNT,
};

export function isPropertyEventType(type: string): boolean {
  return TYPES.has(type);
}

/** Folds one property event into the facts; events of other types leave them as they are. */
export function evolvePropertyFacts(facts: PropertyFacts, event: { type: string; data: unknown }): PropertyFacts {
  const data = (typeof event.data === 'object' && event.data !== null ? event.data : {}) as Record<string, unknown>;
  switch (event.type) {
    case 'PropertyListed':
      return {
        exists: true,
        deleted: false,
        ownerId: text(data.ownerId) ?? null,
        title: text(data.title) ?? '',
        isActive: typeof data.isActive === 'boolean' ? data.isActive : true,
        biddingEndsAt: text(data.biddingEndsAt) ?? null,
        minBidAmount: amount(data.minBidAmount) ?? MIN_BID_AMOUNT,
      };
    case 'PropertyUpdated':
      // An edit carries the fields it changed; bidding follows the ones it uses.
      return {
        ...facts,
        title: text(data.title) ?? facts.title,
        biddingEndsAt: text(data.biddingEndsAt) ?? facts.biddingEndsAt,
        minBidAmount: amount(data.minBidAmount) ?? facts.minBidAmount,
      };
    case 'PropertyActivationToggled':
      return typeof data.isActive === 'boolean' ? { ...facts, isActive: data.isActive } : facts;
    case 'PropertyDeleted':
      return { ...facts, exists: false, deleted: true, isActive: false };
    default:
      return facts;
  }
}

export function foldPropertyFacts(events: ReadonlyArray<{ type: string; data: unknown }>): PropertyFacts {
  return events.reduce(evolvePropertyFacts, UNLISTED);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function amount(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
