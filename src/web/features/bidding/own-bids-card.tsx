import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { BidStatusBadge } from '../../components/bid-status-badge';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ErrorState } from '../../components/ui/error-state';
import { ChevronRightIcon, GavelIcon } from '../../components/ui/icons';
import { SkeletonRows } from '../../components/ui/skeleton';
import { formatAmount, formatLongDate } from '../../lib/format';
import { ownBidsQuery } from './queries';
import { SeenReceipt } from './seen-receipt';
import type { OwnBid } from './types';

/**
 * Current Bids on /realtor-profile (SPEC §2): each bid links to its listing
 * and shows the title, Active while its bidding end is in the future (else
 * Closed), the bid date, the bidding end, the message and the status (one
 * badge, derived on the server: Open, Awaiting the owner’s choice, Selected,
 * Not selected, Refunded). A bid on a deleted listing stays, refunded, unlinked.
 */
export function OwnBidsCard() {
  const bids = useQuery(ownBidsQuery());
  // Read once per render: a badge flips on the next render after the end passes.
  const now = Date.now();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Current Bids</CardTitle>
        <CardDescription>Every listing you have bid on, newest first.</CardDescription>
      </CardHeader>
      <CardContent>
        {bids.isError ? (
          <ErrorState title="Failed to load your bids" error={bids.error} onRetry={() => void bids.refetch()} />
        ) : bids.data === undefined ? (
          <SkeletonRows rows={3} label="Loading your bids" />
        ) : bids.data.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-border px-6 py-10 text-center">
            <GavelIcon className="size-6 text-muted-foreground" />
            <p className="font-medium">No bids placed yet</p>
            <p className="text-sm text-muted-foreground">Browse the listings and place your first bid.</p>
          </div>
        ) : (
          <ul className="grid gap-3" aria-label="Current Bids">
            {bids.data.map((bid) => (
              <li key={bid.id}>
                <BidRow bid={bid} now={now} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function BidRow({ bid, now }: { bid: OwnBid; now: number }) {
  const active = bid.biddingEndsAt === null || new Date(bid.biddingEndsAt).getTime() > now;
  const body = (
    <>
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 break-words font-semibold group-hover:text-brand-hover sm:truncate">{bid.propertyTitle}</p>
        {!bid.propertyDeleted && <ChevronRightIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" />}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <span className="mr-1 text-sm font-semibold tabular-nums">{formatAmount(bid.amount)}</span>
        {bid.propertyDeleted ? (
          <Badge variant="muted">Listing deleted</Badge>
        ) : bid.propertyActive ? (
          <Badge variant={active ? 'brand' : 'muted'}>{active ? 'Active' : 'Closed'}</Badge>
        ) : (
          <Badge variant="warning">Paused by the marketplace</Badge>
        )}
      </div>
      <dl className="grid gap-2 text-sm sm:grid-cols-3">
        <Fact label="Bid placed">{formatLongDate(bid.createdAt)}</Fact>
        <Fact label="Bidding ends">{formatLongDate(bid.biddingEndsAt)}</Fact>
        <Fact label="Status">
          <BidStatusBadge status={bid.status} label={bid.statusLabel} />
        </Fact>
      </dl>
      {bid.message !== '' && <p className="line-clamp-2 break-words text-sm text-muted-foreground">“{bid.message}”</p>}
      {!bid.propertyDeleted && <SeenReceipt seenAt={bid.seenAt} creditReturned={bid.creditReturned} />}
    </>
  );
  // A deleted listing has no page to open: the bid stays listed, refunded, without a link.
  if (bid.propertyDeleted) {
    return (
      <div className="grid gap-3 rounded-lg border border-border p-4" data-testid="own-bid">
        {body}
      </div>
    );
  }
  return (
    <Link
      to="/listing/$id"
      params={{ id: bid.propertyId }}
      data-testid="own-bid"
      className="group grid gap-3 rounded-lg border border-border p-4 transition-colors hover:border-brand/40 hover:bg-muted/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {body}
    </Link>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center gap-2 sm:grid sm:items-start sm:justify-items-start sm:gap-0.5">
      <dt className="text-muted-foreground sm:text-xs sm:font-medium sm:uppercase sm:tracking-wide">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}
