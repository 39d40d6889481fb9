import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ErrorState } from '../../components/ui/error-state';
import { CheckIcon, ChevronRightIcon, GavelIcon } from '../../components/ui/icons';
import { SkeletonRows } from '../../components/ui/skeleton';
import { formatAmount, formatLongDate } from './format';
import { ownBidsQuery } from './queries';
import type { OwnBid } from './types';

/**
 * Current Bids on /realtor-profile (SPEC §2): each bid links to its listing
 * and shows the title, Active while its bidding end is in the future (else
 * Closed), the bid date, the bidding end, the message and the status.
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
  return (
    <Link
      to="/listing/$id"
      params={{ id: bid.propertyId }}
      className="group grid gap-3 rounded-lg border border-border p-4 transition-colors hover:border-brand/40 hover:bg-muted/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 break-words font-semibold group-hover:text-brand-hover sm:truncate">{bid.propertyTitle}</p>
        <ChevronRightIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <span className="mr-1 text-sm font-semibold tabular-nums">{formatAmount(bid.amount)}</span>
        {bid.propertyActive ? (
          <Badge variant={active ? 'brand' : 'muted'}>{active ? 'Active' : 'Closed'}</Badge>
        ) : (
          <Badge variant="warning">Paused by the marketplace</Badge>
        )}
        {bid.selected && (
          <Badge variant="success">
            <CheckIcon />
            Selected
          </Badge>
        )}
      </div>
      <dl className="grid gap-2 text-sm sm:grid-cols-3">
        <Fact label="Bid placed" value={formatLongDate(bid.createdAt)} />
        <Fact label="Bidding ends" value={formatLongDate(bid.biddingEndsAt)} />
        <Fact label="Status" value={capitalize(bid.status)} />
      </dl>
      {bid.message !== '' && <p className="line-clamp-2 break-words text-sm text-muted-foreground">“{bid.message}”</p>}
    </Link>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex gap-2 sm:grid sm:gap-0.5">
      <dt className="text-muted-foreground sm:text-xs sm:font-medium sm:uppercase sm:tracking-wide">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
