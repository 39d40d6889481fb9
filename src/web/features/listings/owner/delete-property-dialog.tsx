import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogConfirm,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api';
import { forgetProperty, useDeleteProperty } from '../mutations';

const FAILED = 'Failed to delete property';

type DeletePropertyDialogProps = {
  open: boolean;
  /** Kept while the dialog animates closed, so its text does not change under the user. */
  propertyId: string | null;
  title: string;
  description: ReactNode;
  onOpenChange: (open: boolean) => void;
  /** Runs after the toast; the listing's cache entries go once it resolves (the page showing it has been left). */
  onDeleted?: () => Promise<unknown>;
  /** The catalogue words the failure per screen: 'Failed to delete property' on the listing, 'Delete failed' in the profile. */
  failureTitle: string;
};

/** Confirms deleting a listing; the dialog stays open on failure so the owner can try again. */
export function DeletePropertyDialog({ open, propertyId, title, description, onOpenChange, onDeleted, failureTitle }: DeletePropertyDialogProps) {
  const remove = useDeleteProperty();
  const queryClient = useQueryClient();
  return (
    <AlertDialog open={open && propertyId !== null} onOpenChange={(open) => !remove.isPending && onOpenChange(open)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogConfirm
            disabled={remove.isPending || propertyId === null}
            onClick={() => {
              if (propertyId === null) return;
              remove.mutate(propertyId, {
                onSuccess: async () => {
                  toast({ title: 'Property deleted', description: 'The listing, its images and its bids have been removed.' });
                  onOpenChange(false);
                  await onDeleted?.();
                  forgetProperty(queryClient, propertyId);
                },
                onError: (error) => {
                  const message = error instanceof ApiError ? error.serverMessage : '';
                  toast({ variant: 'destructive', title: failureTitle, description: message || (failureTitle === FAILED ? 'Please try again.' : FAILED) });
                },
              });
            }}
          >
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </AlertDialogConfirm>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
