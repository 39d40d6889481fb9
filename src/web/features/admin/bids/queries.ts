import { queryKeys } from '../../../lib/query-keys';
import { pagedListQuery } from '../paged-list';
import type { AdminBid, BidFilters } from './types';

/** Every bid, a page at a time, searched by realtor or listing and filtered by status on the server. */
export function adminBidsQuery(search = '', filters: BidFilters = {}) {
  return pagedListQuery<AdminBid>(queryKeys.adminBids, '/api/admin/bids', { search, ...filters });
}
