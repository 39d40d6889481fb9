import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/form-field';
import { Spinner } from '../../components/ui/spinner';
import { TextareaField } from '../../components/ui/textarea';
import { checkAmount } from './bid-amount';
import { formatAmount } from '../../lib/format';
import { usePlaceBid } from './mutations';

/** The id of the realtor's Edit Bid button, which replaces Place Bid once the bid is placed. */
export const EDIT_BID_ID = 'edit-bid';

/** The confirmation dialog of Place Bid (SPEC §4): the amount, an optional message, and what it costs. */
export function PlaceBidDialog({
  propertyId,
  minimum,
  credits,
  open,
  onOpenChange,
}: {
  propertyId: string;
  minimum: number;
  credits: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* Placing the bid replaces Place Bid with Edit Bid, which takes the focus back. */}
      <DialogContent fallbackFocus={() => document.getElementById(EDIT_BID_ID)}>
        {/* Mounted only while open, so each opening starts from the minimum and an empty message. */}
        <PlaceBidForm propertyId={propertyId} minimum={minimum} credits={credits} onPlaced={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function PlaceBidForm({ propertyId, minimum, credits, onPlaced }: { propertyId: string; minimum: number; credits: number; onPlaced: () => void }) {
  const placeBid = usePlaceBid(propertyId);
  const [amount, setAmount] = useState(String(minimum));
  const [message, setMessage] = useState('');

  const [checked, setChecked] = useState(false);
  // After the first attempt the message follows the field as it is corrected.
  const amountError = checked ? checkAmount(amount, minimum) : undefined;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecked(true);
    if (checkAmount(amount, minimum) !== undefined) return;
    placeBid.mutate({ amount: Number(amount), message }, { onSuccess: onPlaced });
  }

  return (
    <form className="grid gap-5" noValidate onSubmit={submit}>
      <DialogHeader>
        <DialogTitle>Confirm your bid</DialogTitle>
        <DialogDescription>
          Placing this bid uses 1 credit and notifies the homeowner. You have {credits} {credits === 1 ? 'credit' : 'credits'}.
        </DialogDescription>
      </DialogHeader>
      <TextField
        label="Bid amount ($)"
        name="amount"
        type="number"
        inputMode="numeric"
        min={minimum}
        step={1}
        value={amount}
        error={amountError}
        hint={`At least ${formatAmount(minimum)}.`}
        onChange={(event) => setAmount(event.target.value)}
      />
      <TextareaField
        label="Message (optional)"
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
        <Button type="submit" variant="brand" disabled={placeBid.isPending}>
          {placeBid.isPending && <Spinner size="sm" label="Placing bid" className="text-current" />}
          Confirm Bid
        </Button>
      </DialogFooter>
    </form>
  );
}
