import { BID_STATUS_LABELS, type BidStatus } from '../../../../contract/bidding/bidding';

/** A label per status of GET /api/admin/bids?status= (BID_STATUSES), in the words the badges use. */
export const BID_STATUS_FILTERS = [
  { value: 'pending', label: BID_STATUS_LABELS.open },
  { value: 'processing', label: BID_STATUS_LABELS.awaiting },
  { value: 'completed', label: BID_STATUS_LABELS.selected },
  { value: 'failed', label: `${BID_STATUS_LABELS.notSelected} or ${BID_STATUS_LABELS.refunded.toLowerCase()}` },
] as const satisfies ReadonlyArray<{ value: BidStatus; label: string }>;

export const BID_SORTS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'amount', label: 'Highest amount' },
] as const;

/** The filters of GET /api/admin/bids (bidsListQuery) the portal offers. */
export type BidFilters = {
  status?: BidStatus;
  sort?: (typeof BID_SORTS)[number]['value'];
};
