import { BidStatusBadge } from '../../../components/bid-status-badge';
import { GavelIcon } from '../../../components/ui/icons';
import { CardTitle, NameCell } from '../list-parts';
import { AdminList, type AdminColumn } from '../admin-list';
import type { FilterControl } from '../list-filters';
import { formatDateTime } from '../format';
import { adminBidsQuery } from './queries';
import { BID_SORTS, BID_STATUS_FILTERS, type BidFilters } from './types';
import type { AdminBidJson } from '../../../../contract/bidding/bidding';

// Bid amounts are whole dollars, not cents.
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 2 });

const FILTERS: ReadonlyArray<FilterControl<BidFilters>> = [
  { key: 'status', label: 'Status', options: BID_STATUS_FILTERS, anyLabel: 'Any status' },
  { key: 'sort', label: 'Order', options: BID_SORTS, fallback: 'newest' },
];

const COLUMNS: ReadonlyArray<AdminColumn<AdminBidJson>> = [
  {
    head: 'Property',
    cellClassName: 'max-w-56',
    cell: (bid) => (
      <div className="truncate font-medium" title={bid.propertyTitle}>
        {bid.propertyTitle || '—'}
      </div>
    ),
  },
  {
    head: 'Realtor',
    cellClassName: 'max-w-56',
    cell: (bid) => <NameCell plain name={bid.realtorName} detail={bid.realtorEmail} />,
  },
  { head: 'Amount', className: 'text-right', cellClassName: 'text-right font-medium tabular-nums', cell: (bid) => dollars.format(bid.amount) },
  {
    head: 'Message',
    className: 'hidden lg:table-cell',
    cellClassName: 'hidden max-w-72 lg:table-cell',
    cell: (bid) => (
      <p className="line-clamp-2 text-muted-foreground" title={bid.message}>
        {bid.message || '—'}
      </p>
    ),
  },
  { head: 'Status', cell: (bid) => <BidStatusBadge status={bid.status} label={bid.statusLabel} /> },
  { head: 'Placed', cellClassName: 'whitespace-nowrap text-muted-foreground', cell: (bid) => formatDateTime(bid.createdAt) },
];

/** The Bids tab: the bids on every listing, a page at a time, filtered by status. */
export function BidsSection({ search = '', filters = {}, onFiltersChange }: { search?: string; filters?: BidFilters; onFiltersChange?: (next: BidFilters) => void }) {
  const filtered = search !== '' || filters.status !== undefined;
  return (
    <AdminList
      title="Bids" intro="Bids realtors placed" noun={{ one: 'bid', many: 'bids' }}
      query={adminBidsQuery(search, filters)} search={search}
      filters={{ value: filters, onChange: onFiltersChange, controls: FILTERS }}
      empty={{ icon: <GavelIcon />, title: filtered ? 'No bids match' : 'No bids yet',
        description: filtered ? 'No bid matches this search and these filters.' : 'Bids that realtors place on properties appear here.' }}
      columns={COLUMNS}
      cardClassName="grid gap-2"
      card={(bid) => (
        <>
          <div className="flex items-start justify-between gap-3">
            <CardTitle name={bid.propertyTitle || '—'} detail={bid.realtorName} />
            <p className="shrink-0 font-semibold tabular-nums">{dollars.format(bid.amount)}</p>
          </div>
          {bid.message !== '' && <p className="line-clamp-2 break-words text-sm text-muted-foreground">{bid.message}</p>}
          <div className="flex flex-wrap items-center gap-2">
            <BidStatusBadge status={bid.status} label={bid.statusLabel} />
            <span className="text-xs text-muted-foreground">{formatDateTime(bid.createdAt)}</span>
          </div>
        </>
      )}
    />
  );
}
