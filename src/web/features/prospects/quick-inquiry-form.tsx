import type { FormEvent } from 'react';
import { toast } from '../../components/ui/use-toast';
import { buttonVariants } from '../../components/ui/button';
import { ProspectFields } from './prospect-fields';
import { useSubmitProspect } from './submit-prospect';
import { useProspectForm } from './use-prospect-form';

/**
 * The about page's short form (SPEC §2): an email and an inquiry type only,
 * the page fixed to 'about' and the type starting at 'general'.
 */
export function QuickInquiryForm() {
  const form = useProspectForm('about', { email: '', inquiryType: 'general', message: '' });
  const submit = useSubmitProspect();
  const sending = submit.isPending;

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = await form.validate();
    if (data === null || sending) return;
    submit.mutate(data, {
      onSuccess: () => {
        toast({ title: 'Message sent!', description: "Thanks! We'll be in touch by email." });
        form.reset();
      },
      onError: () => {
        toast({ variant: 'destructive', title: 'Error', description: 'Failed to submit your inquiry. Please try again.' });
      },
    });
  }

  return (
    <form
      className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,12rem)_auto] sm:items-start"
      noValidate
      onSubmit={(event) => void send(event)}
      aria-busy={sending}
    >
      <ProspectFields form={form} sending={sending} />
      {/* Aligned with the inputs: the labels above them are 1.25rem plus the gap. */}
      <button type="submit" className={buttonVariants({ variant: 'brand', className: 'w-full sm:mt-[1.375rem] sm:w-auto' })} disabled={sending}>
        {sending ? 'Sending...' : 'Keep me posted'}
      </button>
    </form>
  );
}
