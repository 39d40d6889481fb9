import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { useLastPresent } from './use-last-present';

type ConfirmDialogProps<T> = {
  /** The item the action is for; null closes the dialog (the item stays shown while it animates closed). */
  target: T | null;
  onClose: () => void;
  title: (item: T) => ReactNode;
  description: (item: T) => ReactNode;
  confirmLabel: string;
  /** Read to screen readers while the action runs. */
  pendingLabel: string;
  variant: 'brand' | 'destructive';
  pending: boolean;
  onConfirm: (item: T) => void;
};

/** Asks before an administrator's action on one item; Cancel or Escape closes it unchanged. */
export function ConfirmDialog<T>({ target, onClose, title, description, confirmLabel, pendingLabel, variant, pending, onConfirm }: ConfirmDialogProps<T>) {
  const shown = useLastPresent(target);
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">
        {shown !== null && (
          <>
            <DialogHeader>
              <DialogTitle>{title(shown)}</DialogTitle>
              <DialogDescription>{description(shown)}</DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button variant={variant} disabled={pending} onClick={() => onConfirm(shown)}>
                {pending && <Spinner size="sm" label={pendingLabel} className="text-current" />}
                {confirmLabel}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
