import { useEffect, useRef, useState, type FormEvent } from 'react';
import { PROSPECT_MESSAGE_MIN } from '../../../contract/prospects/prospects';
import { Button } from '../../components/ui/button';
import { CheckIcon } from '../../components/ui/shell-icons';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { buttonVariants } from '../../components/ui/button';
import { ProspectFields } from './prospect-fields';
import { useSubmitProspect } from './submit-prospect';
import { TextareaField } from './textarea-field';
import { useProspectForm } from './use-prospect-form';

export const SUPPORT_REPLY_TIME = 'Support replies within 24 hours';

/**
 * The contact form (SPEC §4 "Contact form": idle, sending, sent, with a
 * 'Send Another Message' reset). `page` says where it was sent from: 'contact'
 * or 'landing'.
 */
export function ContactForm({ page }: { page: 'contact' | 'landing' }) {
  const form = useProspectForm(page, { email: '', inquiryType: '', message: '' });
  const submit = useSubmitProspect();
  const [sent, setSent] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const sentHeadingRef = useRef<HTMLHeadingElement>(null);
  const [focusAfterRender, setFocusAfterRender] = useState<'sent' | 'form' | null>(null);

  // Focus follows the state change, so keyboard and screen-reader users land on what replaced the control they used.
  useEffect(() => {
    if (focusAfterRender === 'sent') sentHeadingRef.current?.focus();
    if (focusAfterRender === 'form') emailRef.current?.focus();
  }, [focusAfterRender]);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = await form.validate();
    if (data === null || submit.isPending) return;
    submit.mutate(data, {
      onSuccess: () => {
        toast({ title: 'Message sent!', description: `Thanks for reaching out. ${SUPPORT_REPLY_TIME}.` });
        setSent(true);
        setFocusAfterRender('sent');
      },
      onError: () => {
        toast({ variant: 'destructive', title: 'Error', description: 'Failed to send your message. Please try again.' });
      },
    });
  }

  if (sent) {
    return (
      <div className="flex flex-col items-center gap-3 py-6 text-center" data-testid="contact-sent">
        <span className="flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-700" aria-hidden="true">
          <CheckIcon className="size-6" />
        </span>
        <h3 ref={sentHeadingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
          Message sent!
        </h3>
        <p className="max-w-sm text-sm text-pretty text-muted-foreground">
          Thanks for getting in touch. {SUPPORT_REPLY_TIME}, usually much sooner.
        </p>
        <Button
          variant="outline"
          className="mt-2"
          onClick={() => {
            form.reset();
            submit.reset();
            setSent(false);
            setFocusAfterRender('form');
          }}
        >
          Send Another Message
        </Button>
      </div>
    );
  }

  const sending = submit.isPending;
  return (
    <form className="grid gap-5" noValidate onSubmit={(event) => void send(event)} aria-busy={sending}>
      <ProspectFields form={form} sending={sending} emailRef={emailRef} askForRole />
      <TextareaField
        label={
          <>
            Message <span className="font-normal text-muted-foreground">(optional)</span>
          </>
        }
        name="message"
        rows={5}
        placeholder="Tell us about your property or your question"
        hint={`At least ${PROSPECT_MESSAGE_MIN} characters if you write one.`}
        value={form.values.message}
        error={form.errors.message}
        readOnly={sending}
        onChange={(event) => form.setValue('message', event.target.value)}
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">{SUPPORT_REPLY_TIME}.</p>
        <button type="submit" className={buttonVariants({ variant: 'brand', className: 'w-full sm:w-auto' })} disabled={sending}>
          {sending && (
            <span aria-hidden="true">
              <Spinner size="sm" className="text-current" />
            </span>
          )}
          {sending ? 'Sending...' : 'Send Message'}
        </button>
      </div>
    </form>
  );
}
