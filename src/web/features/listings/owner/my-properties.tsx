import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { HomeIcon } from '../../../components/ui/icons';
import { ownPropertiesQueryOptions } from '../queries';
import type { Property } from '../types';
import { DeletePropertyDialog } from './delete-property-dialog';
import { EditPropertyDialog } from './edit-property-dialog';
import { OwnerPropertyCard } from './owner-property-card';

/** My Properties on /homeowner-profile: the owner's listings in every state, with View, Edit and Delete. */
export function MyProperties({ action }: { action?: ReactNode }) {
  const properties = useQuery(ownPropertiesQueryOptions());
  // The property stays set while its dialog animates closed; `open` says which dialog shows.
  const [editing, setEditing] = useState<Property | null>(null);
  const [deleting, setDeleting] = useState<Property | null>(null);
  const [open, setOpen] = useState<'edit' | 'delete' | null>(null);

  return (
    <section aria-labelledby="my-properties" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="my-properties" className="text-xl font-semibold tracking-tight">
          My Properties
        </h2>
        {action}
      </div>
      {properties.isPending ? (
        <div role="status" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <span className="sr-only">Loading your properties</span>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-96 rounded-xl" />
          ))}
        </div>
      ) : properties.isError ? (
        <ErrorState title="Failed to load your properties" error={properties.error} onRetry={() => void properties.refetch()} />
      ) : properties.data.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-card px-6 py-14 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-brand-soft text-brand [&_svg]:size-6" aria-hidden="true">
            <HomeIcon />
          </span>
          <h3 className="font-semibold">No properties listed</h3>
          <p className="max-w-sm text-sm text-neutral-600">Your listings appear here once you list a property.</p>
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {properties.data.map((property) => (
            <li key={property.id} className="grid">
              <OwnerPropertyCard
                property={property}
                onEdit={() => {
                  setEditing(property);
                  setOpen('edit');
                }}
                onDelete={() => {
                  setDeleting(property);
                  setOpen('delete');
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <EditPropertyDialog open={open === 'edit'} property={editing} onOpenChange={(next) => !next && setOpen(null)} />
      <DeletePropertyDialog
        open={open === 'delete'}
        propertyId={deleting?.id ?? null}
        title="Delete property?"
        description={`Are you sure you want to delete "${deleting?.title ?? ''}"? This action cannot be undone and all associated bids will be removed.`}
        failureTitle="Delete failed"
        onOpenChange={(next) => !next && setOpen(null)}
      />
    </section>
  );
}
