import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ControlledDialogContent } from '../../../components/ui/controlled-dialog-content';
import { Spinner } from '../../../components/ui/spinner';
import { useDeactivateAdmin } from '../mutations';
import { useLastPresent } from '../use-last-present';
import type { Admin } from '../types';

export function DeactivateAdminDialog({ target, onClose }: { target: Admin | null; onClose: () => void }) {
  const deactivate = useDeactivateAdmin();
  const shown = useLastPresent(target);
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <ControlledDialogContent className="max-w-md">
        {shown !== null && (
          <>
            <DialogHeader>
              <DialogTitle>Deactivate {shown.name}?</DialogTitle>
              <DialogDescription>
                @{shown.username} is signed out and can no longer sign in to the admin portal. Their past actions stay in the activity log.
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button variant="destructive" disabled={deactivate.isPending} onClick={() => deactivate.mutate(shown.id, { onSuccess: onClose })}>
                {deactivate.isPending && <Spinner size="sm" label="Deactivating" className="text-current" />}
                Deactivate
              </Button>
            </DialogFooter>
          </>
        )}
      </ControlledDialogContent>
    </Dialog>
  );
}
