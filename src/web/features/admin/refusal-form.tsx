import { Button } from '../../components/ui/button';
import { DialogClose, DialogFooter } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/form-field';
import { Spinner } from '../../components/ui/spinner';
import { TextareaField } from '../../components/ui/textarea';

/*
 * The parts of a refusal the back office mails (a bill rejected, a licence
 * rejected or revoked): the email's subject and message, the form's error and
 * the destructive footer.
 */

export function RefusalEmailFields(props: {
  subject: string;
  message: string;
  subjectPlaceholder: string;
  /** The form refused: empty fields are marked invalid. */
  refused: boolean;
  onSubject: (value: string) => void;
  onMessage: (value: string) => void;
}) {
  return (
    <>
      <TextField
        label="Subject"
        name="subject"
        placeholder={props.subjectPlaceholder}
        value={props.subject}
        aria-invalid={props.refused && props.subject.trim() === ''}
        onChange={(event) => props.onSubject(event.target.value)}
      />
      <TextareaField
        label="Message"
        name="message"
        placeholder="Say what was wrong and what to send instead."
        className="min-h-32"
        value={props.message}
        aria-invalid={props.refused && props.message.trim() === ''}
        onChange={(event) => props.onMessage(event.target.value)}
      />
    </>
  );
}

export function RefusalFormError({ error }: { error: string | undefined }) {
  if (error === undefined) return null;
  return (
    <p role="alert" className="text-sm font-medium text-destructive">
      {error}
    </p>
  );
}

export function RefusalFooter({ pending, label, pendingLabel }: { pending: boolean; label: string; pendingLabel: string }) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="outline">Cancel</Button>
      </DialogClose>
      <Button type="submit" variant="destructive" disabled={pending}>
        {pending && <Spinner size="sm" label={pendingLabel} className="text-current" />}
        {label}
      </Button>
    </DialogFooter>
  );
}
