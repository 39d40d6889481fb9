import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { TextareaField } from '../../../components/ui/textarea';
import { useLastPresent } from '../use-last-present';
import { useRejectVerification } from './mutations';
import type { Verification } from './types';
import { submitterName } from './types';

const BOTH_REQUIRED = 'Please fill in both subject and message';

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
      setError(BOTH_REQUIRED);
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
      <TextField
        label="Subject"
        name="subject"
        placeholder="Your utility bill could not be verified"
        value={subject}
        aria-invalid={error !== undefined && subject.trim() === ''}
        onChange={(event) => setSubject(event.target.value)}
      />
      <TextareaField
        label="Message"
        name="message"
        placeholder="Say what was wrong and what to send instead."
        className="min-h-32"
        value={message}
        aria-invalid={error !== undefined && message.trim() === ''}
        onChange={(event) => setMessage(event.target.value)}
      />
      {error !== undefined && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="destructive" disabled={reject.isPending}>
          {reject.isPending && <Spinner size="sm" label="Rejecting" className="text-current" />}
          Reject and send email
        </Button>
      </DialogFooter>
    </form>
  );
}
