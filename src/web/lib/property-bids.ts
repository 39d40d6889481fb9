import { queryOptions } from '@tanstack/react-query';
import type { OwnerBidView } from '../../contract/bidding/bidding';
import { apiFetch } from './api';
import { loadOwnerBidsAnswer } from './answer-schemas';
import { queryKeys } from './query-keys';

/**
 * GET /api/properties/{id}/bids, the one query for that key: the owner's
 * Current Bids list (every bid) and a realtor's Place Bid / Edit Bid button
 * (their own bid or nothing) both read it, and the realtime layer refreshes it
 * on bid:placed, property:bids and bid:selected.
 */
export function propertyBidsQuery(propertyId: string) {
  return queryOptions({
    queryKey: queryKeys.propertyBids(propertyId),
    queryFn: () => apiFetch<OwnerBidView[]>(`/api/properties/${encodeURIComponent(propertyId)}/bids`, {}, loadOwnerBidsAnswer),
  });
}
