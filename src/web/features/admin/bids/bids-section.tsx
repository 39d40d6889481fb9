import { useInfiniteQuery } from '@tanstack/react-query';
import { BidStatusBadge } from '../../../components/bid-status-badge';
import { Table, TableCell, TableHead, TableRow } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { GavelIcon } from '../../../components/ui/icons';
import { QueryStates } from '../../../components/ui/query-states';
import { SectionCard } from '../../../components/ui/section-card';
import { Spinner } from '../../../components/ui/spinner';
import { formatCount, formatDateTime } from '../format';
import { FilterSelect, ListFilters } from '../list-filters';
import { listItems, listTotal } from '../paged-list';
import { PagedListFooter } from '../paged-list-footer';
import { adminBidsQuery } from './queries';
import { BID_SORTS, BID_STATUS_FILTERS, type BidFilters } from './types';
import type { AdminBidJson } from '../../../../contract/bidding';

// Bid amounts are whole dollars, not cents.
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 2 });

const NOUN = { one: 'bid', many: 'bids' };

/** The Bids tab: the bids on every listing, a page at a time, filtered by status. */
export function BidsSection({ search = '', filters = {}, onFiltersChange }: { search?: string; filters?: BidFilters; onFiltersChange?: (next: BidFilters) => void }) {
  const bids = useInfiniteQuery(adminBidsQuery(search, filters));
  const list = listItems(bids.data);
  const total = listTotal(bids.data);
  const filtered = search !== '' || filters.status !== undefined;
  const change = (next: Partial<BidFilters>) => onFiltersChange?.({ ...filters, ...next });

  return (
    <SectionCard
      title="Bids"
      description={list === undefined ? 'Bids realtors placed' : describeCount(total, search)}
      actions={bids.isFetching && !bids.isFetchingNextPage && list !== undefined ? <Spinner size="sm" label="Updating bids" /> : undefined}
    >
      {onFiltersChange !== undefined && (
        <ListFilters label="Filter bids">
          <FilterSelect label="Status" value={filters.status} options={BID_STATUS_FILTERS} anyLabel="Any status" onChange={(status) => change({ status })} />
          <FilterSelect label="Order" value={filters.sort ?? 'newest'} options={BID_SORTS} onChange={(sort) => change({ sort: sort === 'newest' ? undefined : sort })} />
        </ListFilters>
      )}
      <QueryStates query={bids} list={list} what="bids" rows={4} empty={
        <EmptyState
          className="border-0 py-10"
          icon={<GavelIcon />}
          title={filtered ? 'No bids match' : 'No bids yet'}
          description={filtered ? 'No bid matches this search and these filters.' : 'Bids that realtors place on properties appear here.'}
        />
      }>
        {(list) => (
          <>
            <BidTable bids={list} />
            <BidCards bids={list} />
            <PagedListFooter query={bids} noun={NOUN} />
          </>
        )}
      </QueryStates>
    </SectionCard>
  );
}

function describeCount(total: number, search: string): string {
  const count = `${formatCount(total)} ${total === 1 ? 'bid' : 'bids'}`;
  return search === '' ? count : `${count} matching “${search}”`;
}

function BidTable({ bids }: { bids: AdminBidJson[] }) {
  return (
    <div className="hidden md:block">
      <Table>
        <thead>
          <tr>
            <TableHead>Property</TableHead>
            <TableHead>Realtor</TableHead>
            <TableHead className="text-right">Amount</TableHead>
            <TableHead className="hidden lg:table-cell">Message</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Placed</TableHead>
          </tr>
        </thead>
        <tbody>
          {bids.map((bid) => (
            <TableRow key={bid.id}>
              <TableCell className="max-w-56">
                <div className="truncate font-medium" title={bid.propertyTitle}>
                  {bid.propertyTitle || '—'}
                </div>
              </TableCell>
              <TableCell className="max-w-56">
                <div className="truncate">{bid.realtorName}</div>
                <div className="truncate text-xs text-muted-foreground">{bid.realtorEmail}</div>
              </TableCell>
              <TableCell className="text-right font-medium tabular-nums">{dollars.format(bid.amount)}</TableCell>
              <TableCell className="hidden max-w-72 lg:table-cell">
                <p className="line-clamp-2 text-muted-foreground" title={bid.message}>
                  {bid.message || '—'}
                </p>
              </TableCell>
              <TableCell>
                <StatusBadges bid={bid} />
              </TableCell>
              <TableCell className="whitespace-nowrap text-muted-foreground">{formatDateTime(bid.createdAt)}</TableCell>
            </TableRow>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

function BidCards({ bids }: { bids: AdminBidJson[] }) {
  return (
    <ul className="divide-y divide-border md:hidden">
      {bids.map((bid) => (
        <li key={bid.id} className="grid gap-2 py-4 first:pt-0 last:pb-0">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="truncate font-medium">{bid.propertyTitle || '—'}</p>
              <p className="truncate text-sm text-muted-foreground">{bid.realtorName}</p>
            </div>
            <p className="shrink-0 font-semibold tabular-nums">{dollars.format(bid.amount)}</p>
          </div>
          {bid.message !== '' && <p className="line-clamp-2 break-words text-sm text-muted-foreground">{bid.message}</p>}
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadges bid={bid} />
            <span className="text-xs text-muted-foreground">{formatDateTime(bid.createdAt)}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}

function StatusBadges({ bid }: { bid: AdminBidJson }) {
  return <BidStatusBadge status={bid.status} label={bid.statusLabel} />;
}
