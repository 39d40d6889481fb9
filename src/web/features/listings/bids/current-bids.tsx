import { useMemo, useRef, useState, type ReactNode } from 'react';
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
import { ReviewSummaryLine } from '../../../components/star-rating';
import { BidHistory } from './bid-history-dialog';
import { BidComparison } from './bid-comparison';
import { BID_SORTS, MAX_COMPARED, MIN_COMPARED, bidLabels, isBidSort, sortBids, type BidSort } from './compare';
import { SelectBidDialog } from './select-bid-dialog';

/** The realtor profile dialog, supplied by the route (another feature's component). */
export type RenderRealtorProfile = (props: { realtorId: string; open: boolean; onOpenChange: (open: boolean) => void }) => ReactNode;

/** The review of the chosen realtor, supplied by the route (another feature's component). */
export type RenderReview = (props: { propertyId: string; realtorId: string }) => ReactNode;

type CurrentBidsProps = {
  propertyId: string;
  biddingOpen: boolean;
  renderRealtorProfile?: RenderRealtorProfile | undefined;
  renderReview?: RenderReview | undefined;
};

/**
 * The owner's Current Bids (SPEC §1, §2 /listing): live through the realtime
 * layer; names and contact shown as blurred placeholders until the owner
 * selects a bid after the close, when that bid's name and contact appear (the
 * server sends neither before).
 */
export function CurrentBids({ propertyId, biddingOpen, renderRealtorProfile, renderReview }: CurrentBidsProps) {
  const bids = useQuery(propertyBidsQuery(propertyId));
  const [profileOf, setProfileOf] = useState<string | null>(null);
  const [selecting, setSelecting] = useState<PropertyBid | null>(null);
  const [sort, setSort] = useState<BidSort>('newest');
  const [ticked, setTicked] = useState<string[]>([]);
  const [comparing, setComparing] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const selected = bids.data?.find((bid) => bid.selected);
  const sorted = useMemo(() => sortBids(bids.data ?? [], sort), [bids.data, sort]);
  const labels = useMemo(() => bidLabels(bids.data ?? []), [bids.data]);
  // Ticks of bids no longer listed (refunded meanwhile) drop out.
  const compared = sorted.filter((bid) => ticked.includes(bid.id));
  const canSelect = !biddingOpen && selected === undefined;

  const toggle = (bidId: string, on: boolean) => {
    setTicked((current) => (on ? [...current, bidId].slice(0, MAX_COMPARED) : current.filter((id) => id !== bidId)));
    if (!on && compared.length - 1 < MIN_COMPARED) setComparing(false);
  };

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
            {selected !== undefined && renderReview?.({ propertyId, realtorId: selected.realtorId })}
            {bids.data.length > 1 && (
              <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
                <label className="grid gap-1 text-sm">
                  <span className="font-medium">Sort bids</span>
                  <select
                    value={sort}
                    onChange={(event) => isBidSort(event.target.value) && setSort(event.target.value)}
                    className="h-9 cursor-pointer rounded-md border border-input bg-background px-3 text-base shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring md:text-sm"
                  >
                    {Object.entries(BID_SORTS).map(([value, label]) => (
                      <option key={value} value={value}>
                        {label}
                      </option>
                    ))}
                  </select>
                </label>
                <div className="flex items-center gap-3">
                  <p className="text-sm text-neutral-600" aria-live="polite">
                    {compared.length < MIN_COMPARED ? `Tick ${MIN_COMPARED} to ${MAX_COMPARED} bids to compare` : `${compared.length} bids ticked`}
                  </p>
                  <Button size="sm" variant="outline" disabled={compared.length < MIN_COMPARED} onClick={() => setComparing(true)}>
                    Compare{compared.length >= MIN_COMPARED ? ` (${compared.length})` : ''}
                  </Button>
                </div>
              </div>
            )}
            {comparing && compared.length >= MIN_COMPARED && (
              <div className="mb-4">
                <BidComparison bids={compared} labels={labels} onSelect={canSelect ? setSelecting : undefined} onClose={() => setComparing(false)} />
              </div>
            )}
            <ul className="grid gap-3" aria-label="Bids">
              {sorted.map((bid) => (
                <BidRow
                  key={bid.id}
                  bid={bid}
                  label={labels.get(bid.id) ?? 'Bid'}
                  canSelect={canSelect}
                  compare={bids.data.length > 1 ? { ticked: ticked.includes(bid.id), disabled: !ticked.includes(bid.id) && compared.length >= MAX_COMPARED, onChange: (on) => toggle(bid.id, on) } : undefined}
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
  label,
  canSelect,
  compare,
  onOpenProfile,
  onSelect,
}: {
  bid: PropertyBid;
  label: string;
  canSelect: boolean;
  compare: { ticked: boolean; disabled: boolean; onChange: (on: boolean) => void } | undefined;
  onOpenProfile: (button: HTMLElement) => void;
  onSelect: () => void;
}) {
  // Name and contact come only with the selected bid after the close; until then a blurred placeholder stands in.
  const revealed = bid.selected && bid.realtorEmail !== undefined;
  return (
    <li className={cn('grid gap-3 rounded-lg border p-4', bid.selected ? 'border-emerald-300 bg-emerald-50/50' : 'border-border')} data-testid="bid-row" data-selected={bid.selected}>
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
            <span className="text-xs text-neutral-600">
              {label} · {formatDateTime(bid.createdAt)}
            </span>
          </span>
        </button>
        <div className="flex items-center gap-2">
          <BidStatusBadge status={bid.status} label={bid.statusLabel} />
          <span className="text-lg font-semibold tabular-nums">{formatAmount(bid.amount)}</span>
        </div>
      </div>
      <BidderStanding bid={bid} />
      {bid.message !== '' && <p className="whitespace-pre-line break-words text-sm text-neutral-700">{bid.message}</p>}
      {bid.editCount > 0 && <BidHistory bid={bid} />}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <dl className="grid gap-1 text-sm sm:grid-cols-2 sm:gap-x-6">
          <ContactLine icon={<MailIcon className="size-4" />} label="Email" value={revealed ? bid.realtorEmail : undefined} placeholder="realtor@example.com" />
          <ContactLine icon={<PhoneIcon className="size-4" />} label="Phone" value={revealed ? (bid.realtorPhone ?? 'Not provided') : undefined} placeholder="+1 555 000 0000" />
        </dl>
        <div className="flex items-center gap-3">
          {compare !== undefined && (
            <label className={cn('flex items-center gap-2 text-sm', compare.disabled ? 'cursor-not-allowed text-neutral-500' : 'cursor-pointer')}>
              <input
                type="checkbox"
                className="size-4 accent-[#C2330F]"
                checked={compare.ticked}
                disabled={compare.disabled}
                onChange={(event) => compare.onChange(event.target.checked)}
                aria-label={`Compare ${label}`}
              />
              Compare
            </label>
          )}
          {canSelect && (
            <Button size="sm" variant="brand" onClick={onSelect}>
              Select
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}

/** What the owner weighs before choosing, none of it naming the realtor (docs/decisions/0051). */
function BidderStanding({ bid }: { bid: PropertyBid }) {
  const years = bid.yearsOfExperience;
  return (
    <div className="grid gap-2 text-sm" data-testid="bidder-standing">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-neutral-700">
        {bid.realtorVerified && <Badge variant="success">Licence verified</Badge>}
        <span>{years === 1 ? '1 year' : `${years} years`} experience</span>
        <ReviewSummaryLine summary={bid.reviewSummary} />
        <span>
          {bid.wins} {bid.wins === 1 ? 'listing' : 'listings'} won
        </span>
        {bid.servesListingArea && <Badge variant="brand" className="!text-brand-hover">Serves your area</Badge>}
      </p>
      {bid.specialties.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Specialties">
          {bid.specialties.map((tag) => (
            <li key={tag}>
              <Badge variant="neutral">{tag}</Badge>
            </li>
          ))}
        </ul>
      )}
    </div>
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
