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
import { formatAmount } from '../../../lib/format';
import { useSelectBid } from '../mutations';
import type { PropertyBid } from '../types';

/** Confirms the owner's choice of one bid after the close: one selection stands, so it is asked once. */
export function SelectBidDialog({ propertyId, bid, onClose }: { propertyId: string; bid: PropertyBid | null; onClose: () => void }) {
  const select = useSelectBid(propertyId);
  return (
    <AlertDialog open={bid !== null} onOpenChange={(open) => !open && !select.isPending && onClose()}>
      {/* Selecting removes every Select button: focus goes to the chosen bid's realtor, whose name now shows. */}
      <AlertDialogContent fallbackFocus={() => document.querySelector<HTMLElement>('[data-testid="bid-row"][data-selected="true"] button')}>
        <AlertDialogHeader>
          <AlertDialogTitle>Select this bid?</AlertDialogTitle>
          <AlertDialogDescription>
            {bid !== null && <>You are choosing the realtor who bid {formatAmount(bid.amount)}. </>}
            You will see each other's contact details, and the other bidders will be told they were not selected. This
            cannot be changed afterwards.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={select.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogConfirm
            variant="brand"
            disabled={select.isPending || bid === null}
            onClick={() => bid !== null && select.mutate(bid.id, { onSettled: onClose })}
          >
            {select.isPending ? 'Selecting...' : 'Select bid'}
          </AlertDialogConfirm>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
