import { useState, type FormEvent } from 'react';
import { REVIEW_FIELDS_MESSAGE } from '../../../../contract/verification/verification';
import { REVOKE_REASON_MESSAGE } from '../../../../contract/admin/admin-realtors';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { TextareaField } from '../../../components/ui/textarea';
import { RefusalEmailFields, RefusalFooter, RefusalFormError } from '../refusal-form';
import { useLastPresent } from '../use-last-present';
import { useReviewRealtor } from './mutations';
import type { AdminRealtorProfile } from './types';

/** Which refusal the dialog asks for: a rejection (subject and message, mailed) or a revocation (a reason, mailed). */
export type RefusalKind = 'reject' | 'revoke';
export type Refusal = { kind: RefusalKind; realtor: AdminRealtorProfile };

/** Rejecting or revoking a realtor's licence asks for what the realtor is told, as rejecting a bill does. */
export function RealtorRefusalDialog({ refusal, onClose }: { refusal: Refusal | null; onClose: () => void }) {
  const shown = useLastPresent(refusal);
  return (
    <Dialog open={refusal !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {shown !== null && (shown.kind === 'reject' ? <RejectForm key={shown.realtor.id} realtor={shown.realtor} onDone={onClose} /> : <RevokeForm key={shown.realtor.id} realtor={shown.realtor} onDone={onClose} />)}
      </DialogContent>
    </Dialog>
  );
}

function RejectForm({ realtor, onDone }: { realtor: AdminRealtorProfile; onDone: () => void }) {
  const review = useReviewRealtor();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (subject.trim() === '' || message.trim() === '') return setError(REVIEW_FIELDS_MESSAGE);
    setError(undefined);
    review.mutate({ action: 'reject', userId: realtor.userId, subject: subject.trim(), message: message.trim() }, { onSuccess: onDone });
  }

  return (
    <form className="grid gap-4" noValidate onSubmit={submit}>
      <DialogHeader>
        <DialogTitle>Reject licence</DialogTitle>
        <DialogDescription>
          {realtor.userName} · {realtor.userEmail} gets this email and can correct their profile or send a new licence document.
        </DialogDescription>
      </DialogHeader>
      <RefusalEmailFields
        subject={subject}
        message={message}
        subjectPlaceholder="Your realtor licence could not be verified"
        refused={error !== undefined}
        onSubject={setSubject}
        onMessage={setMessage}
      />
      <RefusalFormError error={error} />
      <RefusalFooter pending={review.isPending} label="Reject and send email" pendingLabel="Rejecting" />
    </form>
  );
}

function RevokeForm({ realtor, onDone }: { realtor: AdminRealtorProfile; onDone: () => void }) {
  const review = useReviewRealtor();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reason.trim() === '') return setError(REVOKE_REASON_MESSAGE);
    setError(undefined);
    review.mutate({ action: 'revoke', userId: realtor.userId, reason: reason.trim() }, { onSuccess: onDone });
  }

  return (
    <form className="grid gap-4" noValidate onSubmit={submit}>
      <DialogHeader>
        <DialogTitle>Revoke licence verification</DialogTitle>
        <DialogDescription>
          {realtor.userName} can no longer bid until a new review; bids already placed stay. They are emailed the reason.
        </DialogDescription>
      </DialogHeader>
      <TextareaField
        label="Reason"
        name="reason"
        placeholder="The licence lapsed on…"
        className="min-h-28"
        value={reason}
        aria-invalid={error !== undefined}
        onChange={(event) => setReason(event.target.value)}
      />
      <RefusalFormError error={error} />
      <RefusalFooter pending={review.isPending} label="Revoke and send email" pendingLabel="Revoking" />
    </form>
  );
}
