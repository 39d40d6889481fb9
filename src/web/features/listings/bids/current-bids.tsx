import { useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BidStatusBadge } from '../../../components/bid-status-badge';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { GavelIcon } from '../../../components/ui/icons';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { LockIcon, MailIcon, PhoneIcon } from '../../../components/ui/icons';
import { propertyBidsQuery } from '../../../lib/property-bids';
import type { PropertyBid } from '../types';
import { BidHistory } from './bid-history-dialog';
import { SelectBidDialog } from './select-bid-dialog';

/** The realtor profile dialog, supplied by the route (another feature's component). */
export type RenderRealtorProfile = (props: { realtorId: string; open: boolean; onOpenChange: (open: boolean) => void }) => ReactNode;

type CurrentBidsProps = {
  propertyId: string;
  biddingOpen: boolean;
  renderRealtorProfile?: RenderRealtorProfile | undefined;
};

/**
 * The owner's Current Bids (SPEC §1, §2 /listing): live through the realtime
 * layer; names and contact shown as blurred placeholders until the owner
 * selects a bid after the close, when that bid's name and contact appear (the
 * server sends neither before).
 */
export function CurrentBids({ propertyId, biddingOpen, renderRealtorProfile }: CurrentBidsProps) {
  const bids = useQuery(propertyBidsQuery(propertyId));
  const [profileOf, setProfileOf] = useState<string | null>(null);
  const [selecting, setSelecting] = useState<PropertyBid | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const selected = bids.data?.find((bid) => bid.selected);

  const openProfile = (realtorId: string, button: HTMLElement) => {
    opener.current = button;
    setProfileOf(realtorId);
  };
  const closeProfile = (open: boolean) => {
    if (open) return;
    setProfileOf(null);
    // The dialog is opened from state, without a trigger for Radix to return focus to.
    const button = opener.current;
    window.setTimeout(() => button?.isConnected && button.focus(), 0);
  };

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-3 space-y-0">
        <h2 className="flex items-center gap-2 text-lg font-semibold leading-none tracking-tight">
          <GavelIcon className="size-5 text-brand" />
          Current Bids
        </h2>
        {bids.data !== undefined && <Badge variant="brand" className="!text-brand-hover">{bids.data.length}</Badge>}
      </CardHeader>
      <CardContent>
        {bids.isPending ? (
          <SkeletonRows rows={3} label="Loading bids" />
        ) : bids.isError ? (
          <ErrorState title="Failed to load bids" error={bids.error} onRetry={() => void bids.refetch()} />
        ) : bids.data.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border px-4 py-8 text-center text-sm text-neutral-600">
            No bids yet. Realtors' bids appear here as they arrive.
          </p>
        ) : (
          <>
            {selected === undefined && (
              <p className="mb-3 flex items-center gap-1.5 text-sm text-neutral-600">
                <LockIcon className="size-3.5 shrink-0" />
                Name and contact shown after you choose
              </p>
            )}
            {!biddingOpen && selected === undefined && (
              <p className="mb-4 rounded-lg bg-brand-soft px-3 py-2 text-sm text-neutral-800">
                Bidding has closed. Select the realtor you want to work with to exchange contact details.
              </p>
            )}
            <ul className="grid gap-3" aria-label="Bids">
              {bids.data.map((bid) => (
                <BidRow
                  key={bid.id}
                  bid={bid}
                  canSelect={!biddingOpen && selected === undefined}
                  onOpenProfile={(button) => openProfile(bid.realtorId, button)}
                  onSelect={() => setSelecting(bid)}
                />
              ))}
            </ul>
          </>
        )}
      </CardContent>
      {profileOf !== null && renderRealtorProfile?.({ realtorId: profileOf, open: true, onOpenChange: closeProfile })}
      <SelectBidDialog propertyId={propertyId} bid={selecting} onClose={() => setSelecting(null)} />
    </Card>
  );
}

function BidRow({
  bid,
  canSelect,
  onOpenProfile,
  onSelect,
}: {
  bid: PropertyBid;
  canSelect: boolean;
  onOpenProfile: (button: HTMLElement) => void;
  onSelect: () => void;
}) {
  // Name and contact come only with the selected bid after the close; until then a blurred placeholder stands in.
  const revealed = bid.selected && bid.realtorEmail !== undefined;
  return (
    <li className={cn('grid gap-3 rounded-lg border p-4', bid.selected ? 'border-emerald-300 bg-emerald-50/50' : 'border-border')} data-testid="bid-row">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <button
          type="button"
          onClick={(event) => onOpenProfile(event.currentTarget)}
          className="flex min-w-0 cursor-pointer items-center gap-3 rounded-md text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-label={revealed ? `View profile of ${bid.realtorName}` : 'View realtor profile'}
        >
          <Avatar image={bid.realtorProfileImage} name={revealed ? bid.realtorName : '?'} />
          <span className="grid min-w-0 gap-0.5">
            <span
              className={cn('truncate font-medium', !revealed && 'select-none blur-[5px]')}
              aria-hidden={!revealed}
              data-testid="bidder-name"
            >
              {revealed ? bid.realtorName : 'Realtor name'}
            </span>
            <span className="text-xs text-neutral-600">{formatDateTime(bid.createdAt)}</span>
          </span>
        </button>
        <div className="flex items-center gap-2">
          <BidStatusBadge status={bid.status} label={bid.statusLabel} />
          <span className="text-lg font-semibold tabular-nums">{formatAmount(bid.amount)}</span>
        </div>
      </div>
      {bid.message !== '' && <p className="whitespace-pre-line break-words text-sm text-neutral-700">{bid.message}</p>}
      {bid.editCount > 0 && <BidHistory bid={bid} />}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <dl className="grid gap-1 text-sm sm:grid-cols-2 sm:gap-x-6">
          <ContactLine icon={<MailIcon className="size-4" />} label="Email" value={revealed ? bid.realtorEmail : undefined} placeholder="realtor@example.com" />
          <ContactLine icon={<PhoneIcon className="size-4" />} label="Phone" value={revealed ? (bid.realtorPhone ?? 'Not provided') : undefined} placeholder="+1 555 000 0000" />
        </dl>
        {canSelect && (
          <Button size="sm" variant="brand" onClick={onSelect}>
            Select
          </Button>
        )}
      </div>
    </li>
  );
}

function ContactLine({ icon, label, value, placeholder }: { icon: ReactNode; label: string; value: string | undefined; placeholder: string }) {
  return (
    <div className="flex min-w-0 items-center gap-2">
      <dt className="flex items-center gap-1.5 text-neutral-600">
        {icon}
        {label}
      </dt>
      {value === undefined ? (
        <dd>
          <span className="select-none blur-[4px]" aria-hidden="true" data-testid="contact-placeholder">
            {placeholder}
          </span>
          <span className="sr-only">Available after selection</span>
        </dd>
      ) : (
        <dd className="truncate font-medium" data-testid="contact-value">
          {value}
        </dd>
      )}
    </div>
  );
}
