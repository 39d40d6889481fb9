import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { ControlledDialogContent } from '../../../components/ui/controlled-dialog-content';
import { useLastPresent } from '../use-last-present';
import { documentTypeLabels } from './document-types';
import { useDeleteLegalDocument } from './mutations';
import type { AdminLegalDocument } from './types';

export function DeleteDocumentDialog({ target, onClose }: { target: AdminLegalDocument | null; onClose: () => void }) {
  const remove = useDeleteLegalDocument();
  const shown = useLastPresent(target);
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <ControlledDialogContent className="max-w-md">
        {shown !== null && (
          <>
            <DialogHeader>
              <DialogTitle>Delete this document?</DialogTitle>
              <DialogDescription>
                {shown.title}, version {shown.version} ({documentTypeLabels[shown.type]}) will no longer be listed. The record of who
                accepted it is kept.
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate(shown, { onSuccess: onClose })}>
                {remove.isPending && <Spinner size="sm" label="Deleting" className="text-current" />}
                Delete
              </Button>
            </DialogFooter>
          </>
        )}
      </ControlledDialogContent>
    </Dialog>
  );
}
