import { queryKeys } from '../../../lib/query-keys';
import { pagedListQuery } from '../paged-list';
import type { BidFilters } from './types';
import type { AdminBidJson } from '../../../../contract/bidding/bidding';

/** Every bid, a page at a time, searched by realtor or listing and filtered by status on the server. */
export function adminBidsQuery(search = '', filters: BidFilters = {}) {
  return pagedListQuery<AdminBidJson>(queryKeys.adminBids, '/api/admin/bids', { search, ...filters });
}
