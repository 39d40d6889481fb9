import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { queryKeys } from './query-keys';
import type { PushEvent, PushOf } from '../../contract/realtime';

/*
 * What each server push does to the query cache (realtime.ts listens and
 * orders them; this table says what they change).
 */

// Payloads pushed by the server (src/contract/realtime.ts). `position` is the log position that caused the event.
export type ServerEvents = { [E in PushEvent]: PushOf<E> };
export type ServerEventName = PushEvent;

export type CacheRule<Payload> = {
  // Events that overwrite a value name the value here, so a late event with an
  // older position cannot undo a newer one. Invalidations need no ordering.
  orderKey?: (payload: Payload) => string;
  apply: (queryClient: QueryClient, payload: Payload) => void;
};

// The whole mapping from server events to the query cache lives in this table.
export const cacheRules: { [E in ServerEventName]: CacheRule<ServerEvents[E]> } = {
  'credits:changed': {
    orderKey: () => 'credits',
    apply: (queryClient, { credits, reason }) => {
      queryClient.setQueryData(queryKeys.user, (user: unknown) => (isRecord(user) ? { ...user, credits } : user));
      // Bids and rewards move the credits; the realtor dashboard's totals and achievements move with them.
      void queryClient.invalidateQueries({ queryKey: queryKeys.realtorDashboard, exact: true });
      // The statement gains the entry; a refund shows on the bid it gave back (docs/decisions/0059).
      void queryClient.invalidateQueries({ queryKey: queryKeys.creditStatement, exact: true });
      if (reason?.kind === 'refund') void queryClient.invalidateQueries({ queryKey: queryKeys.ownBids, exact: true });
    },
  },
  'property:bids': {
    orderKey: ({ propertyId }) => `bids:${propertyId}`,
    apply: (queryClient, { propertyId, bidCount }) => {
      patchCachedData(queryClient, queryKeys.properties, (data) => withBidCount(data, propertyId, bidCount));
      patchCachedData(queryClient, queryKeys.ownProperties, (data) => withBidCount(data, propertyId, bidCount));
      // A changed count means the list itself changed for whoever holds it.
      void queryClient.invalidateQueries({ queryKey: queryKeys.propertyBids(propertyId), exact: true });
    },
  },
  'bid:placed': {
    apply: (queryClient, { propertyId }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.propertyBids(propertyId), exact: true });
    },
  },
  'bid:selected': {
    apply: (queryClient, { propertyId, realtorId }) => {
      // The bid now reads as selected, and the chosen realtor's own list carries the owner's contact.
      void queryClient.invalidateQueries({ queryKey: queryKeys.propertyBids(propertyId), exact: true });
      // The owner may now see that realtor's email and phone in the profile dialog.
      void queryClient.invalidateQueries({ queryKey: queryKeys.realtorProfile(realtorId), exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.ownBids, exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.contactShares, exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.property(propertyId), exact: true });
    },
  },
  'bid:seen': {
    apply: (queryClient, { propertyId }) => {
      // The realtor's bid card says "Seen by the homeowner", on the dashboard and on the listing page.
      void queryClient.invalidateQueries({ queryKey: queryKeys.ownBids, exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.propertyBids(propertyId), exact: true });
    },
  },
  'realtor:verification': {
    orderKey: () => 'realtor-verification',
    apply: (queryClient) => {
      // The profile's Licence Verification card and the listing page's bid panel read the realtor's own profile.
      void queryClient.invalidateQueries({ queryKey: queryKeys.ownRealtorProfile, exact: true });
    },
  },
  'notification:new': {
    apply: (queryClient, { kind }) => {
      // The bell's count and the panel's list both come from the inbox's first page.
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
      // A listing that went live in the realtor's area joins /home's grid.
      if (kind === 'listing-in-area') void queryClient.invalidateQueries({ queryKey: queryKeys.propertyPages });
    },
  },
  'homeowner:verification': {
    orderKey: () => 'homeowner-verification',
    apply: (queryClient) => {
      // The profile's Verification Status card, and the signed-in user (whether they may list).
      void queryClient.invalidateQueries({ queryKey: queryKeys.verificationStatus, exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.user, exact: true });
    },
  },
  activity: {
    // Every change to the marketplace is an entry of the log (docs/decisions/0034), so each one refreshes
    // every admin read: the open tab's list refetches its loaded pages, the others when next opened, and
    // what an administrator edits is current. A refetch under way is kept rather than restarted, so a burst
    // of entries costs one refetch per list at a time.
    apply: (queryClient) => {
      void queryClient.invalidateQueries(
        { predicate: (query) => query.queryKey[0] === queryKeys.admin[0] && query.queryKey[1] !== queryKeys.adminMe[1] },
        { cancelRefetch: false },
      );
    },
  },
};


function patchCachedData(queryClient: QueryClient, queryKey: QueryKey, patch: (data: unknown) => unknown): void {
  for (const [key, data] of queryClient.getQueriesData({ queryKey })) {
    const next = patch(data);
    if (next !== data) queryClient.setQueryData(key, next);
  }
}

// Property read models that show a count carry `bidCount`; others are left alone.
// Paged lists ({ properties, nextCursor }) and infinite queries ({ pages, pageParams }) are walked into.
function withBidCount(data: unknown, propertyId: string, bidCount: number): unknown {
  if (isRecord(data) && Array.isArray(data.pages)) {
    const pages = withBidCount(data.pages, propertyId, bidCount);
    return pages === data.pages ? data : { ...data, pages };
  }
  if (isRecord(data) && Array.isArray(data.properties)) {
    const properties = withBidCount(data.properties, propertyId, bidCount);
    return properties === data.properties ? data : { ...data, properties };
  }
  if (Array.isArray(data)) {
    const next = data.map((item: unknown) => withBidCount(item, propertyId, bidCount));
    return next.some((item, index) => item !== data[index]) ? next : data;
  }
  if (isRecord(data) && 'bidCount' in data && String(data.id) === propertyId && data.bidCount !== bidCount) {
    return { ...data, bidCount };
  }
  return data;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
