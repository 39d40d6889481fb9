import { Link } from '@tanstack/react-router';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonVariants } from '../../../components/ui/button';
import { GavelIcon, PencilIcon } from '../../../components/ui/icons';
import { useWatchProperty } from '../../../lib/realtime';
import { formatDate } from '../../../lib/format';
import { pluralize } from '../format';
import { BathIcon, BedIcon, ClockIcon, EyeIcon, ImageIcon, MapPinIcon, TrashIcon } from '../../../components/ui/icons';
import { PropertyImage } from '../images/property-image';
import { ListingStageBadge } from '../listing-stage';
import type { Property } from '../types';
import { useBiddingOpen } from '../../../lib/use-bidding-open';

/**
 * A My Properties card (SPEC §2 /homeowner-profile): first image, photo count,
 * title, Inactive, Active while bidding is open (else Bidding closed or Realtor chosen), description, beds, baths, address, bidding end
 * and bid count; View, Edit and Delete.
 */
export function OwnerPropertyCard({ property, onEdit, onDelete }: { property: Property; onEdit: () => void; onDelete: () => void }) {
  useWatchProperty(property.id);
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-border bg-card shadow-sm" data-testid="owner-property-card">
      <div className="relative">
        <PropertyImage
          imageKey={property.images[0]}
          alt={property.title}
          // My Properties: three columns of the 1,088 px page from 1024 px, two from 640 px, else the page's width.
          sizes="(min-width: 1152px) 352px, (min-width: 1024px) calc((100vw - 96px) / 3), (min-width: 640px) calc((100vw - 64px) / 2), calc(100vw - 32px)"
          className="aspect-[4/3] w-full"
        />
        <span className="absolute bottom-2 left-2 inline-flex items-center gap-1 rounded-full bg-black/70 px-2 py-0.5 text-xs font-medium text-white">
          <ImageIcon className="size-3.5" />
          {pluralize(property.images.length, 'photo')}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="min-w-0 truncate font-semibold">{property.title}</h3>
          {!property.isActive ? <Badge variant="muted">Inactive</Badge> : <StageOrActive property={property} />}
        </div>
        <p className="line-clamp-2 text-sm text-neutral-600">{property.description}</p>
        <ul className="grid gap-1.5 text-sm text-neutral-700">
          <li className="flex items-center gap-3">
            <span className="inline-flex items-center gap-1">
              <BedIcon className="size-4" />
              {pluralize(property.bedrooms, 'bed')}
            </span>
            <span className="inline-flex items-center gap-1">
              <BathIcon className="size-4" />
              {pluralize(property.bathrooms, 'bath')}
            </span>
          </li>
          <li className="flex min-w-0 items-center gap-1.5">
            <MapPinIcon className="size-4 shrink-0" />
            <span className="truncate">{property.address}</span>
          </li>
          <li className="flex items-center gap-1.5">
            <ClockIcon className="size-4 shrink-0" />
            Bidding ends {formatDate(property.biddingEndsAt)}
          </li>
          <li className="flex items-center gap-1.5 font-medium text-brand-hover" data-testid="bid-count">
            <GavelIcon className="size-4 shrink-0" />
            {pluralize(property.bidCount, 'bid')}
          </li>
        </ul>
        <div className="mt-auto grid grid-cols-3 gap-2 pt-1">
          <Link to="/listing/$id" params={{ id: property.id }} className={buttonVariants({ variant: 'outline', size: 'sm' })} aria-label={`View ${property.title}`}>
            <EyeIcon />
            View
          </Link>
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${property.title}`}>
            <PencilIcon />
            Edit
          </Button>
          <Button variant="outline" size="sm" className="text-destructive hover:text-destructive" onClick={onDelete} aria-label={`Delete ${property.title}`}>
            <TrashIcon />
            Delete
          </Button>
        </div>
      </div>
    </article>
  );
}

/** Active only while bidding is open: after the close the card says what happened instead. */
function StageOrActive({ property }: { property: Property }) {
  const open = useBiddingOpen(property.biddingEndsAt);
  if (open && !property.realtorChosen) return <Badge variant="success">Active</Badge>;
  return <ListingStageBadge property={property} />;
}
