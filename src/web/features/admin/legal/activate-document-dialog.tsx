import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { ControlledDialogContent } from '../../../components/ui/controlled-dialog-content';
import { useLastPresent } from '../use-last-present';
import { documentTypeLabels } from './document-types';
import { useActivateLegalDocument } from './mutations';
import type { AdminLegalDocument } from './types';

/** Activating publishes a version and asks every user of its type to accept it, so it is confirmed first. */
export function ActivateDocumentDialog({ target, onClose }: { target: AdminLegalDocument | null; onClose: () => void }) {
  const activate = useActivateLegalDocument();
  const shown = useLastPresent(target);
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <ControlledDialogContent className="max-w-md">
        {shown !== null && (
          <>
            <DialogHeader>
              <DialogTitle>Activate version {shown.version}?</DialogTitle>
              <DialogDescription>
                {shown.title} becomes the published {documentTypeLabels[shown.type]} and replaces the active version. New users accept it
                when they register; signed-in users are asked to accept it before they continue.
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button variant="brand" disabled={activate.isPending} onClick={() => activate.mutate(shown, { onSuccess: onClose })}>
                {activate.isPending && <Spinner size="sm" label="Activating" className="text-current" />}
                Activate
              </Button>
            </DialogFooter>
          </>
        )}
      </ControlledDialogContent>
    </Dialog>
  );
}
