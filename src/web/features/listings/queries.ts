import { HOME_PAGE_SIZE } from '../../../contract/page-seed';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../lib/api';
import { loadBidRevisionsAnswer, loadPropertiesAnswer, loadPropertyAnswer } from '../../lib/answer-schemas';
import { queryKeys } from '../../lib/query-keys';
import type { BidRevision, Property, PropertyBid } from './types';

// The server's HTML may carry /home's first page: it asks for as many (src/contract/page-seed.ts).
export const PAGE_SIZE = HOME_PAGE_SIZE;

export function propertyQueryOptions(propertyId: string) {
  return queryOptions({
    queryKey: queryKeys.property(propertyId),
    queryFn: () => apiFetch<Property>(`/api/properties/${encodeURIComponent(propertyId)}`, {}, loadPropertyAnswer),
    // The loader already asked; a 404 is an answer, not something to ask again on mount.
    retryOnMount: false,
  });
}

/** The signed-in owner's listings in every state (GET /api/user/properties). */
export function ownPropertiesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.ownProperties,
    queryFn: () => apiFetch<Property[]>('/api/user/properties', {}, loadPropertiesAnswer),
  });
}

/**
 * One bid's message history, fetched while its dialog is open. Keyed by the
 * edit count the bid list shows, so an edit pushed while the dialog is open
 * (the list refetches on property:bids) asks for the new history.
 */
export function bidHistoryQueryOptions(bid: Pick<PropertyBid, 'id' | 'propertyId' | 'editCount'>, enabled: boolean) {
  return queryOptions({
    queryKey: [...queryKeys.propertyBids(bid.propertyId), bid.id, 'history', bid.editCount] as const,
    queryFn: () => apiFetch<BidRevision[]>(`/api/bids/${encodeURIComponent(bid.id)}/history`, {}, loadBidRevisionsAnswer),
    enabled,
    // The last history stays on screen while the next edit's loads.
    placeholderData: (previous) => previous,
  });
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
