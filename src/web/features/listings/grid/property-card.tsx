import { Link } from '@tanstack/react-router';
import { LISTING_CARD_SIZES } from '../../../../contract/listings/listing-images';
import { GavelIcon } from '../../../components/ui/icons';
import { useWatchProperty } from '../../../lib/realtime';
import { propertyTypeLabels, pluralize } from '../format';
import { BathIcon, BedIcon } from '../../../components/ui/icons';
import { PropertyImage } from '../images/property-image';
import { ListingStageBadge } from '../listing-stage';
import type { Property } from '../types';

/**
 * A card's width in the /home grid (home-page.tsx, property-grid.tsx): a quarter of the 1,216 px
 * column from 1280 px, then a third, a half, and the whole width less the page's padding on a phone.
 * The server's HTML preloads /home's first picture with the same sizes (src/contract/listings/listing-images.ts).
 */
const CARD_SIZES = LISTING_CARD_SIZES;

function PinIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M20 10c0 6-8 12-8 12s-8-6-8-12a8 8 0 0 1 16 0Z" />
      <circle cx="12" cy="10" r="3" />
    </svg>
  );
}

/**
 * A /home card: cover 4:3 (marked 'Bidding closed' or 'Realtor chosen' once bidding is over), one-line title, its area,
 * two-line description, type, beds, baths and the live bid count.
 */
export function PropertyCard({ property, priority = false }: { property: Property; priority?: boolean }) {
  // Joins the listing's room, so its bid count follows property:bids while the card is shown.
  useWatchProperty(property.id);
  return (
    <Link
      to="/listing/$id"
      params={{ id: property.id }}
      className="group flex flex-col overflow-hidden rounded-xl border border-border bg-card shadow-sm transition-shadow hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
    >
      <div className="relative">
        <PropertyImage
          imageKey={property.images[0]}
          fallbackKey={property.images[1]}
          alt={property.title}
          sizes={CARD_SIZES}
          priority={priority}
          className="aspect-[4/3] w-full"
        />
        <ListingStageBadge property={property} className="absolute left-2 top-2 shadow-sm" />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="truncate text-base font-semibold group-hover:text-brand-hover">{property.title}</h2>
        {property.area !== null && (
          <p className="-mt-1 inline-flex items-center gap-1 text-xs font-medium text-neutral-600" data-testid="listing-area">
            <PinIcon className="size-3.5" />
            <span className="sr-only">Area: </span>
            {property.area}
          </p>
        )}
        <p className="line-clamp-2 text-sm text-neutral-600">{property.description}</p>
        <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-2 text-sm text-neutral-700">
          <span className="rounded-full bg-secondary px-2 py-0.5 text-xs font-medium">{propertyTypeLabels[property.propertyType]}</span>
          <span className="inline-flex items-center gap-1">
            <BedIcon className="size-4" />
            {pluralize(property.bedrooms, 'bed')}
          </span>
          <span className="inline-flex items-center gap-1">
            <BathIcon className="size-4" />
            {pluralize(property.bathrooms, 'bath')}
          </span>
          <span className="ml-auto inline-flex items-center gap-1 font-medium text-brand-hover" data-testid="bid-count">
            <GavelIcon className="size-4" />
            {pluralize(property.bidCount, 'bid')}
          </span>
        </div>
      </div>
    </Link>
  );
}
