import { useQuery } from '@tanstack/react-query';
import { BidStatusBadge } from '../../../components/bid-status-badge';
import { Table, TableCell, TableHead, TableRow } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { GavelIcon } from '../../../components/ui/icons';
import { SectionCard } from '../../../components/ui/section-card';
import { Spinner } from '../../../components/ui/spinner';
import { formatCount, formatDateTime } from '../format';
import { adminBidsQuery } from './queries';
import type { AdminBid } from './types';
import { QueryStates } from '../../../components/ui/query-states';

// Bid amounts are whole dollars, not cents.
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** The Bids tab: the newest bids on every listing. */
export function BidsSection() {
  const bids = useQuery(adminBidsQuery());
  const list = bids.data;

  return (
    <SectionCard
      title="Bids"
      description={list === undefined ? 'Bids realtors placed, newest first' : `${formatCount(list.length)} ${list.length === 1 ? 'bid' : 'bids'}, newest first`}
      actions={bids.isFetching && list !== undefined ? <Spinner size="sm" label="Updating bids" /> : undefined}
    >
      <QueryStates query={bids} list={list} what="bids" rows={4} empty={
        <EmptyState className="border-0 py-10" icon={<GavelIcon />} title="No bids yet" description="Bids that realtors place on properties appear here." />
      }>
        {(list) => (
          <>
            <BidTable bids={list} />
            <BidCards bids={list} />
          </>
        )}
      </QueryStates>
    </SectionCard>
  );
}

function BidTable({ bids }: { bids: AdminBid[] }) {
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

function BidCards({ bids }: { bids: AdminBid[] }) {
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

function StatusBadges({ bid }: { bid: AdminBid }) {
  return <BidStatusBadge status={bid.status} label={bid.statusLabel} />;
}
