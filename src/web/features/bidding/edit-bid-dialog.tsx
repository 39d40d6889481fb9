import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { TextareaField } from '../../components/ui/textarea';
import { formatAmount } from '../../lib/format';
import { useEditBidMessage } from './mutations';
import type { PropertyBid } from './types';

/** Edit Bid (SPEC §4): only the message changes. */
export function EditBidDialog({ bid, open, onOpenChange }: { bid: PropertyBid; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <EditBidForm bid={bid} onSaved={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function EditBidForm({ bid, onSaved }: { bid: PropertyBid; onSaved: () => void }) {
  const editBid = useEditBidMessage(bid.propertyId);
  const [message, setMessage] = useState(bid.message);
  const unchanged = message.trim() === bid.message;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    editBid.mutate({ bidId: bid.id, message }, { onSuccess: onSaved });
  }

  return (
    <form className="grid gap-5" noValidate onSubmit={submit}>
      <DialogHeader>
        <DialogTitle>Edit your bid</DialogTitle>
        <DialogDescription>Only the message can change; your bid stays at {formatAmount(bid.amount)}.</DialogDescription>
      </DialogHeader>
      <TextareaField
        label="Message"
        name="message"
        placeholder="Introduce yourself and say how you would sell this home."
        maxLength={2000}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="brand" disabled={unchanged || editBid.isPending}>
          {editBid.isPending && <Spinner size="sm" label="Saving" className="text-current" />}
          Save message
        </Button>
      </DialogFooter>
    </form>
  );
}
