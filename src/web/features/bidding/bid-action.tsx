import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { BidStatusBadge } from '../../components/bid-status-badge';
import { Badge } from '../../components/ui/badge';
import { Button, buttonVariants } from '../../components/ui/button';
import { AlertCircleIcon, ClockIcon, CoinsIcon, GavelIcon, MailIcon, PencilIcon, PhoneIcon, ShieldIcon } from '../../components/ui/icons';
import { CheckIcon } from '../../components/ui/shell-icons';
import { Skeleton } from '../../components/ui/skeleton';
import { readErrorMessage } from '../../lib/api';
import { formatAmount, formatDate } from '../../lib/format';
import { minimumBidOf } from './bid-amount';
import { BidDialog, EDIT_BID_ID } from './bid-dialog';
import { SeenReceipt } from './seen-receipt';
import { propertyBidsQuery } from '../../lib/property-bids';
import { ownBidsQuery, ownVerificationQuery, useViewer } from './queries';
import { ONLY_VERIFIED_REALTORS_BID } from '../../../contract/realtor-profiles/realtor-profiles';
import type { BiddableProperty, PropertyBid } from './types';
import { useBiddingOpen } from '../../lib/use-bidding-open';

/**
 * The realtor's bid button on /listing/{id} (SPEC §4 Bid placing, §5 Bid):
 * Place Bid with its confirmation, Edit Bid once they have bid, the credit
 * prompt at 0 credits, and the closed state (with the homeowner's contact
 * once their bid is selected). Nothing for other roles, the owner, or an
 * inactive listing.
 */
export function BidAction({ property }: { property: BiddableProperty }) {
  const viewer = useViewer();
  if (viewer === null || viewer.role !== 'realtor' || viewer.id === property.ownerId || !property.isActive) return null;
  return <RealtorBidPanel property={property} realtorId={viewer.id} credits={viewer.credits} />;
}

function RealtorBidPanel({ property, realtorId, credits }: { property: BiddableProperty; realtorId: string; credits: number }) {
  const open = useBiddingOpen(property.biddingEndsAt);
  const bids = useQuery(propertyBidsQuery(property.id));
  const profile = useQuery(ownVerificationQuery());

  if (bids.isPending || (profile.isPending && open)) {
    return (
      <Panel state="loading">
        <div role="status" className="grid gap-3">
          <span className="sr-only">Loading your bid</span>
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-9 w-full" />
        </div>
      </Panel>
    );
  }
  if (bids.isError) {
    return (
      <Panel state="error" title="Bidding">
        <div role="alert" className="grid gap-3 text-sm">
          <p className="text-muted-foreground">Your bid could not be loaded: {readErrorMessage(bids.error)}</p>
          <Button variant="outline" size="sm" className="justify-self-start" onClick={() => void bids.refetch()}>
            Try again
          </Button>
        </div>
      </Panel>
    );
  }

  const ownBid = bids.data.find((bid) => bid.realtorId === realtorId);
  if (!open) return <ClosedPanel bid={ownBid} />;
  if (ownBid !== undefined) return <OwnBidPanel bid={ownBid} />;
  // Only approved realtors bid (docs/decisions/0050); the server refuses the others too. A failed read leaves it to the server.
  if (profile.data !== undefined && profile.data.verificationStatus !== 'approved') return <NotVerifiedPanel />;
  return <PlaceBidPanel property={property} credits={credits} />;
}

function NotVerifiedPanel() {
  return (
    <Panel state="not-verified" title="Place a bid">
      <div className="grid gap-4">
        <p role="alert" className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          <AlertCircleIcon className="mt-0.5 size-4 shrink-0" />
          {ONLY_VERIFIED_REALTORS_BID}
        </p>
        <Link to="/realtor-profile" hash="licence-verification" className={buttonVariants({ variant: 'brand', className: 'w-full' })}>
          <ShieldIcon />
          Complete your verification
        </Link>
      </div>
    </Panel>
  );
}

function PlaceBidPanel({ property, credits }: { property: BiddableProperty; credits: number }) {
  const [placing, setPlacing] = useState(false);
  const minimum = minimumBidOf(property.minBidAmount);

  if (credits < 1) {
    return (
      <Panel state="no-credits" title="Place a bid">
        <div className="grid gap-4">
          <p role="alert" className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            <AlertCircleIcon className="mt-0.5 size-4 shrink-0" />
            You need at least 1 credit to place a bid
          </p>
          <Link to="/store" className={buttonVariants({ variant: 'brand', className: 'w-full' })}>
            <CoinsIcon />
            Purchase Credits
          </Link>
        </div>
      </Panel>
    );
  }

  return (
    <Panel state="open" title="Place a bid">
      <div className="grid gap-4">
        <p className="text-sm text-muted-foreground">
          A bid of at least {formatAmount(minimum)} costs 1 credit; you have {credits}. The homeowner sees it at once.
        </p>
        <Button variant="brand" size="lg" className="w-full" onClick={() => setPlacing(true)}>
          <GavelIcon />
          Place Bid
        </Button>
      </div>
      <BidDialog mode={{ kind: 'place', propertyId: property.id, minimum, credits }} open={placing} onOpenChange={setPlacing} />
    </Panel>
  );
}

function OwnBidPanel({ bid }: { bid: PropertyBid }) {
  const [editing, setEditing] = useState(false);
  return (
    <Panel state="bid-placed" title="Your bid" badge={<Badge variant="success"><CheckIcon />Bid placed</Badge>}>
      <div className="grid gap-4">
        <BidSummary bid={bid} />
        <Button id={EDIT_BID_ID} variant="outline" className="w-full" onClick={() => setEditing(true)}>
          <PencilIcon />
          Edit Bid
        </Button>
      </div>
      <BidDialog mode={{ kind: 'edit', bid }} open={editing} onOpenChange={setEditing} />
    </Panel>
  );
}

function ClosedPanel({ bid }: { bid: PropertyBid | undefined }) {
  if (bid === undefined) {
    return (
      <Panel state="closed" title="Bidding closed" badge={<ClosedBadge />}>
        <p className="text-sm text-muted-foreground">Bidding has closed for this property.</p>
      </Panel>
    );
  }
  if (bid.selected) {
    return (
      <Panel state="selected" title="Your bid was selected" badge={<Badge variant="success"><CheckIcon />Selected</Badge>}>
        <div className="grid gap-4">
          <p className="text-sm text-muted-foreground">The homeowner chose your bid. Reach out to arrange the next steps.</p>
          <OwnerContact propertyId={bid.propertyId} />
          <BidSummary bid={bid} />
        </div>
      </Panel>
    );
  }
  if (bid.status === 'failed') {
    return (
      <Panel state="closed" title="Bidding closed" badge={<BidStatusBadge status={bid.status} label={bid.statusLabel} />}>
        <div className="grid gap-4">
          <p className="text-sm text-muted-foreground">The homeowner chose another bid. Thank you for bidding.</p>
          <BidSummary bid={bid} />
        </div>
      </Panel>
    );
  }
  return (
    <Panel state="closed" title="Bidding closed" badge={<BidStatusBadge status={bid.status} label={bid.statusLabel} />}>
      <div className="grid gap-4">
        <p className="text-sm text-muted-foreground">
          The homeowner selects one bid. You will get an email either way, and the homeowner's contact details appear here if yours is
          chosen.
        </p>
        <BidSummary bid={bid} />
      </div>
    </Panel>
  );
}

/** The homeowner's contact, which GET /api/bids carries only on the realtor's selected bid after the close. */
function OwnerContact({ propertyId }: { propertyId: string }) {
  const ownBids = useQuery(ownBidsQuery());
  const bid = ownBids.data?.find((candidate) => candidate.propertyId === propertyId);
  if (ownBids.isPending) return <Skeleton className="h-20 w-full" />;
  if (bid?.ownerEmail === undefined) {
    return <p className="text-sm text-muted-foreground">The homeowner's contact details are on their way; they were also sent to you by email.</p>;
  }
  return (
    <div className="grid gap-2 rounded-lg border border-border bg-muted/40 p-3 text-sm" data-testid="owner-contact">
      <p className="font-semibold">{bid.ownerName}</p>
      <a href={`mailto:${bid.ownerEmail}`} className="flex min-w-0 items-center gap-2 text-foreground underline-offset-4 hover:underline">
        <MailIcon className="size-4 shrink-0 text-muted-foreground" />
        <span className="truncate">{bid.ownerEmail}</span>
      </a>
      <p className="flex items-center gap-2">
        <PhoneIcon className="size-4 shrink-0 text-muted-foreground" />
        {bid.ownerPhone ? <a href={`tel:${bid.ownerPhone}`} className="underline-offset-4 hover:underline">{bid.ownerPhone}</a> : 'No phone provided'}
      </p>
    </div>
  );
}

function BidSummary({ bid }: { bid: PropertyBid }) {
  return (
    <div className="grid gap-3 text-sm">
      <dl className="grid grid-cols-2 gap-3">
        <Fact label="Amount" value={formatAmount(bid.amount)} />
        <Fact label="Placed" value={formatDate(bid.createdAt)} />
      </dl>
      <SeenReceipt seenAt={bid.seenAt} />
      <div className="grid gap-1">
        <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Message</p>
        {bid.message === '' ? (
          <p className="text-muted-foreground">No message</p>
        ) : (
          <p className="whitespace-pre-line break-words" data-testid="own-bid-message">
            {bid.message}
          </p>
        )}
      </div>
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="truncate font-semibold">{value}</dd>
    </div>
  );
}

function ClosedBadge() {
  return (
    <Badge variant="muted">
      <ClockIcon />
      Closed
    </Badge>
  );
}

/**
 * The block every state shares. Plain, not a card: the listing page places it
 * inside its bidding card. `data-state` names the state for tests.
 */
function Panel({ state, title, badge, children }: { state: string; title?: string; badge?: ReactNode; children: ReactNode }) {
  return (
    <section className="grid gap-3 border-t border-border pt-4" data-testid="bid-action" data-state={state} aria-label={title ?? 'Your bid'}>
      {title !== undefined && (
        <div className="flex items-center justify-between gap-3">
          <h2 className="text-base font-semibold">{title}</h2>
          {badge}
        </div>
      )}
      {children}
    </section>
  );
}
