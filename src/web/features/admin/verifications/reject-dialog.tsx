import { useState, type FormEvent } from 'react';
import { REVIEW_FIELDS_MESSAGE } from '../../../../contract/verification/verification';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { RefusalEmailFields, RefusalFooter, RefusalFormError } from '../refusal-form';
import { useLastPresent } from '../use-last-present';
import { useRejectVerification } from './mutations';
import type { Verification } from './types';
import { submitterName } from './types';

/** Rejecting asks for the subject and message of the email the homeowner gets (SPEC §2, §5 Admin). */
export function RejectVerificationDialog({ verification, onClose }: { verification: Verification | null; onClose: () => void }) {
  const shown = useLastPresent(verification);
  return (
    <Dialog open={verification !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>{shown !== null && <RejectForm key={shown.id} verification={shown} onDone={onClose} />}</DialogContent>
    </Dialog>
  );
}

function RejectForm({ verification, onDone }: { verification: Verification; onDone: () => void }) {
  const reject = useRejectVerification();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (subject.trim() === '' || message.trim() === '') {
      setError(REVIEW_FIELDS_MESSAGE);
      return;
    }
    setError(undefined);
    reject.mutate({ id: verification.id, subject: subject.trim(), message: message.trim() }, { onSuccess: onDone });
  }

  return (
    <form className="grid gap-4" noValidate onSubmit={submit}>
      <DialogHeader>
        <DialogTitle>Reject verification</DialogTitle>
        <DialogDescription>
          {submitterName(verification)}
          {verification.userEmail === null ? '' : ` · ${verification.userEmail}`} gets this email and can submit a new bill.
        </DialogDescription>
      </DialogHeader>
      <RefusalEmailFields
        subject={subject}
        message={message}
        subjectPlaceholder="Your utility bill could not be verified"
        refused={error !== undefined}
        onSubject={setSubject}
        onMessage={setMessage}
      />
      <RefusalFormError error={error} />
      <RefusalFooter pending={reject.isPending} label="Reject and send email" pendingLabel="Rejecting" />
    </form>
  );
}
