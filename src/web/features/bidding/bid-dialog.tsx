import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/form-field';
import { Spinner } from '../../components/ui/spinner';
import { TextareaField } from '../../components/ui/textarea';
import { formatAmount } from '../../lib/format';
import { checkAmount } from './bid-amount';
import { useEditBidMessage, usePlaceBid } from './mutations';
import type { PropertyBid } from './types';

/** The id of the realtor's Edit Bid button, which replaces Place Bid once the bid is placed. */
export const EDIT_BID_ID = 'edit-bid';

/** What the bid dialog does: place a new bid (amount and message) or edit a placed bid's message (SPEC §4). */
export type BidDialogMode =
  | { kind: 'place'; propertyId: string; minimum: number; credits: number }
  | { kind: 'edit'; bid: PropertyBid };

/** The one bid dialog, for Place Bid and Edit Bid. Its form is mounted only while open, so each opening starts afresh. */
export function BidDialog({ mode, open, onOpenChange }: { mode: BidDialogMode; open: boolean; onOpenChange: (open: boolean) => void }) {
  const done = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* Placing the bid replaces Place Bid with Edit Bid, which takes the focus back. */}
      <DialogContent fallbackFocus={mode.kind === 'place' ? () => document.getElementById(EDIT_BID_ID) : undefined}>
        {mode.kind === 'place' ? <PlaceBidForm {...mode} onDone={done} /> : <EditBidForm bid={mode.bid} onDone={done} />}
      </DialogContent>
    </Dialog>
  );
}

function PlaceBidForm({ propertyId, minimum, credits, onDone }: { propertyId: string; minimum: number; credits: number; onDone: () => void }) {
  const placeBid = usePlaceBid(propertyId);
  const [amount, setAmount] = useState(String(minimum));
  const [message, setMessage] = useState('');
  const [checked, setChecked] = useState(false);
  // After the first attempt the message follows the field as it is corrected.
  const amountError = checked ? checkAmount(amount, minimum) : undefined;

  function submit() {
    setChecked(true);
    if (checkAmount(amount, minimum) !== undefined) return;
    placeBid.mutate({ amount: Number(amount), message }, { onSuccess: onDone });
  }

  return (
    <BidForm
      title="Confirm your bid"
      description={`Placing this bid uses 1 credit and notifies the homeowner. You have ${credits} ${credits === 1 ? 'credit' : 'credits'}.`}
      messageLabel="Message (optional)"
      message={message}
      onMessage={setMessage}
      submit={{ label: 'Confirm Bid', pendingLabel: 'Placing bid', pending: placeBid.isPending, disabled: false }}
      onSubmit={submit}
    >
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
    </BidForm>
  );
}

function EditBidForm({ bid, onDone }: { bid: PropertyBid; onDone: () => void }) {
  const editBid = useEditBidMessage(bid.propertyId);
  const [message, setMessage] = useState(bid.message);
  const unchanged = message.trim() === bid.message;

  return (
    <BidForm
      title="Edit your bid"
      description={`Only the message can change; your bid stays at ${formatAmount(bid.amount)}.`}
      messageLabel="Message"
      message={message}
      onMessage={setMessage}
      submit={{ label: 'Save message', pendingLabel: 'Saving', pending: editBid.isPending, disabled: unchanged }}
      onSubmit={() => editBid.mutate({ bidId: bid.id, message }, { onSuccess: onDone })}
    />
  );
}

/** The frame both forms share: title, what happens, the fields (the amount, when placing), the message, Cancel and submit. */
function BidForm({
  title,
  description,
  messageLabel,
  message,
  onMessage,
  submit,
  onSubmit,
  children,
}: {
  title: string;
  description: string;
  messageLabel: string;
  message: string;
  onMessage: (message: string) => void;
  submit: { label: string; pendingLabel: string; pending: boolean; disabled: boolean };
  onSubmit: () => void;
  children?: ReactNode;
}) {
  function handle(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <form className="grid gap-5" noValidate onSubmit={handle}>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      {children}
      <TextareaField
        label={messageLabel}
        name="message"
        placeholder="Introduce yourself and say how you would sell this home."
        maxLength={2000}
        value={message}
        onChange={(event) => onMessage(event.target.value)}
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="brand" disabled={submit.disabled || submit.pending}>
          {submit.pending && <Spinner size="sm" label={submit.pendingLabel} className="text-current" />}
          {submit.label}
        </Button>
      </DialogFooter>
    </form>
  );
}
