import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { ChevronLeftIcon, GavelIcon, PencilIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { useWatchProperty } from '../../../lib/realtime';
import { CurrentBids, type RenderRealtorProfile, type RenderReview } from '../bids/current-bids';
import { formatAmount } from '../../../lib/format';
import { useBiddingOpen } from '../../../lib/use-bidding-open';
import { pluralize, propertyTypeLabels } from '../format';
import { BathIcon, BedIcon, HomeIcon, MapPinIcon, TrashIcon } from '../../../components/ui/icons';
import { DeletePropertyDialog } from '../owner/delete-property-dialog';
import { EditPropertyDialog } from '../owner/edit-property-dialog';
import { isNotFound, propertyQueryOptions } from '../queries';
import type { Property } from '../types';
import { ListingStageBadge } from '../listing-stage';
import { BiddingCountdown } from './bidding-countdown';
import { ImageCarousel } from './image-carousel';
import { VibeCard } from './vibe-card';

type ListingPageProps = {
  propertyId: string;
  viewerId: string;
  /** The realtor's bid button, from the route (another feature); shown only while the listing is active. */
  bidAction?: ((property: Property) => ReactNode) | undefined;
  renderRealtorProfile?: RenderRealtorProfile | undefined;
  renderReview?: RenderReview | undefined;
  /** After the owner deletes the listing (SPEC §2: the user goes to /); resolves once the page has been left. */
  onDeleted: () => Promise<unknown>;
};

/** /listing/{id}: photos, details, the bidding window, the vibe card, and the owner's bids and delete. */
export function ListingPage({ propertyId, viewerId, bidAction, renderRealtorProfile, renderReview, onDeleted }: ListingPageProps) {
  const property = useQuery(propertyQueryOptions(propertyId));
  useWatchProperty(propertyId);

  if (property.isPending) {
    return (
      <main className="flex flex-1 items-center justify-center py-24">
        <Spinner size="lg" label="Loading property" />
      </main>
    );
  }
  if (property.isError) {
    return (
      <main className="mx-auto w-full max-w-xl flex-1 px-4 py-16">
        {isNotFound(property.error) ? (
          <PropertyNotFound />
        ) : (
          <>
            <h1 className="sr-only">Property</h1>
            <ErrorState title="Failed to load the property" error={property.error} onRetry={() => void property.refetch()} />
          </>
        )}
      </main>
    );
  }
  return (
    <ListingDetails
      property={property.data}
      isOwner={property.data.ownerId === viewerId}
      bidAction={bidAction}
      renderRealtorProfile={renderRealtorProfile}
      renderReview={renderReview}
      onDeleted={onDeleted}
    />
  );
}

function ListingDetails({
  property,
  isOwner,
  bidAction,
  renderRealtorProfile,
  renderReview,
  onDeleted,
}: {
  property: Property;
  isOwner: boolean;
  bidAction: ListingPageProps['bidAction'];
  renderRealtorProfile: RenderRealtorProfile | undefined;
  renderReview: RenderReview | undefined;
  onDeleted: () => Promise<unknown>;
}) {
  const open = useBiddingOpen(property.biddingEndsAt);
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);

  return (
    <main className="mx-auto grid w-full max-w-6xl flex-1 content-start gap-6 px-4 py-6 sm:px-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-x-10 lg:px-8 lg:py-10">
      <Link to="/home" className="inline-flex items-center gap-1 text-sm font-medium text-neutral-700 hover:text-foreground lg:col-span-2">
        <ChevronLeftIcon className="size-4" />
        All properties
      </Link>
      <div className="lg:col-start-1">
        <ImageCarousel images={property.images} title={property.title} />
      </div>
      <header className="grid gap-3 lg:col-start-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="brand" className="!text-brand-hover">{propertyTypeLabels[property.propertyType]}</Badge>
          {!property.isActive && (isOwner ? <Badge variant="muted">Inactive</Badge> : <Badge variant="warning">Paused by the marketplace</Badge>)}
          {isOwner && <Badge variant="neutral">Your listing</Badge>}
          <ListingStageBadge property={property} />
        </div>
        <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{property.title}</h1>
        <p className="flex items-start gap-1.5 text-neutral-700">
          <MapPinIcon className="mt-0.5 size-4 shrink-0" />
          <span>
            {property.address}, {property.location}
          </span>
        </p>
        <dl className="grid grid-cols-3 gap-3 rounded-xl border border-border bg-card p-4 text-center">
          <Fact icon={<HomeIcon />} label="Property type" value={propertyTypeLabels[property.propertyType]} />
          <Fact icon={<BedIcon />} label="Bedrooms" value={String(property.bedrooms)} />
          <Fact icon={<BathIcon />} label="Bathrooms" value={String(property.bathrooms)} />
        </dl>
      </header>

      <aside className="grid content-start gap-4 lg:sticky lg:top-24 lg:col-start-2 lg:row-span-5 lg:row-start-2" aria-label="Bidding">
        <Card>
          <CardContent className="grid gap-4 pt-6">
            <div className="flex items-end justify-between gap-4">
              <div>
                <p className="text-xs font-medium uppercase tracking-wide text-neutral-600">Minimum bid</p>
                <p className="text-2xl font-bold tabular-nums">{formatAmount(property.minBidAmount)}</p>
              </div>
              <p className="inline-flex items-center gap-1.5 font-medium text-brand-hover" data-testid="bid-count">
                <GavelIcon className="size-4" />
                {pluralize(property.bidCount, 'bid')}
              </p>
            </div>
            <BiddingCountdown biddingEndsAt={property.biddingEndsAt} />
            {!isOwner && property.isActive && bidAction?.(property)}
            {!property.isActive &&
              (isOwner ? (
                <p className="text-sm text-neutral-600">This listing is not accepting bids right now.</p>
              ) : (
                // Only a realtor who bid sees a paused listing (the server hides it from the rest): say what happened to it and to their bid.
                <div role="status" className="grid gap-1 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
                  <p className="font-semibold">Paused by the marketplace</p>
                  <p>The BidHome team has paused this listing, so it takes no bids for now. Your bid still stands and stays in your list.</p>
                </div>
              ))}
            {isOwner && (
              <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
                <Button variant="outline" onClick={() => setDialog('edit')}>
                  <PencilIcon />
                  Edit Property
                </Button>
                <Button variant="destructive" onClick={() => setDialog('delete')}>
                  <TrashIcon />
                  Delete Property
                </Button>
                {property.realtorChosen && (
                  <p className="text-sm text-neutral-600 sm:col-span-2 lg:col-span-1" data-testid="after-selection-note">
                    {AFTER_SELECTION_NOTE}
                  </p>
                )}
              </div>
            )}
          </CardContent>
        </Card>
      </aside>

      <section aria-labelledby="description" className="grid gap-2 lg:col-start-1">
        <h2 id="description" className="text-lg font-semibold">
          About this property
        </h2>
        <p className="whitespace-pre-line break-words text-neutral-800">{property.description}</p>
      </section>
      {property.vibeMetrics !== null && (
        <div className="lg:col-start-1">
          <VibeCard metrics={property.vibeMetrics} />
        </div>
      )}
      {isOwner && (
        <div className="lg:col-start-1">
          <CurrentBids propertyId={property.id} biddingOpen={open} renderRealtorProfile={renderRealtorProfile} renderReview={renderReview} />
        </div>
      )}

      {isOwner && (
        <>
          <EditPropertyDialog open={dialog === 'edit'} property={property} onOpenChange={(next) => !next && setDialog(null)} />
          <DeletePropertyDialog
            open={dialog === 'delete'}
            propertyId={property.id}
            title="Delete Property"
            description={`This action cannot be undone. It permanently removes this listing, its images and all bids placed on it.${property.realtorChosen ? ' The realtor you chose gets their credit back and an email saying the listing was deleted.' : ''}`}
            failureTitle="Failed to delete property"
            onOpenChange={(next) => !next && setDialog(null)}
            onDeleted={onDeleted}
          />
        </>
      )}
    </main>
  );
}

/** What Edit and Delete do once a realtor is chosen (issue 27, item 6); the server does exactly this. */
const AFTER_SELECTION_NOTE =
  'You chose a realtor. Your edits show on the listing they see, and your choice stands. Deleting the listing refunds every bid, your chosen realtor’s too, and tells them by email.';

function Fact({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <div className="grid justify-items-center gap-1">
      <dt className="grid justify-items-center gap-1 text-xs text-neutral-600">
        <span className="text-brand [&_svg]:size-5" aria-hidden="true">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="font-semibold">{value}</dd>
    </div>
  );
}

function PropertyNotFound() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-border px-6 py-16 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand [&_svg]:size-7" aria-hidden="true">
        <HomeIcon />
      </span>
      <h1 className="text-xl font-semibold">Property not found</h1>
      <p className="max-w-sm text-sm text-neutral-600">This listing may have been removed by its owner.</p>
      <Link to="/home" className={buttonVariants({ variant: 'outline' })}>
        Browse properties
      </Link>
    </div>
  );
}
