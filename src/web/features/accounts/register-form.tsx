import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PASSWORD_HINT, registerSchema, type RegisterData, type UserRole } from '../../../contract/accounts/accounts';
import { ACCEPTANCE_REQUIRED } from '../../../contract/legal/legal';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { FormField } from './form-field';
import { activeLegalDocumentsQuery } from './legal-documents';
import type { SubmitAction } from './submit-action';
import { TermsAcceptance } from './terms-acceptance';
import { useSchemaForm } from './use-schema-form';

/** POST /api/register: the account, plus the ids of the active documents the person accepted. */
export type RegistrationRequest = RegisterData & { acceptedDocumentIds: number[] };

const roleChoices: ReadonlyArray<{ role: UserRole; title: string; description: string }> = [
  { role: 'homeowner', title: 'Homeowner', description: 'List a property and compare bids' },
  { role: 'realtor', title: 'Realtor', description: 'Bid to represent homeowners' },
];

type RegisterField = 'name' | 'username' | 'email' | 'phone' | 'password' | 'role';

export function RegisterForm({ register, initialRole = 'homeowner' }: { register: SubmitAction<RegistrationRequest>; initialRole?: UserRole }) {
  const form = useSchemaForm<RegisterField, RegisterData>(registerSchema, {
    name: '',
    username: '',
    email: '',
    phone: '',
    password: '',
    role: initialRole,
  });
  const chosenRole: UserRole = form.values.role === 'realtor' ? 'realtor' : 'homeowner';
  const agreement = useAgreement(chosenRole);

  function submit(event: FormEvent<HTMLFormElement>) {
    agreement.markAttempted();
    form.handleSubmit((data) => {
      const acceptedDocumentIds = agreement.acceptedIds();
      if (acceptedDocumentIds === null) return;
      // Refused registrations re-read the documents: a new version may have been activated meanwhile.
      register.mutate({ ...data, acceptedDocumentIds }, { onError: agreement.refresh });
    })(event);
  }

  return (
    <form className="grid gap-5" noValidate onSubmit={submit}>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">I am a</legend>
        <div className="grid grid-cols-2 gap-3">
          {roleChoices.map(({ role, title, description }) => (
            <label
              key={role}
              className={cn(
                'flex cursor-pointer flex-col gap-1 rounded-lg border p-3 text-left transition-colors',
                'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                form.values.role === role ? 'border-brand bg-brand-soft/60' : 'border-border hover:bg-accent',
              )}
            >
              <input
                type="radio"
                name="role"
                value={role}
                className="sr-only"
                checked={form.values.role === role}
                onChange={() => form.setValue('role', role)}
              />
              <span className={cn('text-sm font-semibold', form.values.role === role && 'text-brand-hover')}>{title}</span>
              <span className="text-xs text-neutral-600">{description}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <FormField label="Full name" autoComplete="name" {...form.bind('name')} />
      <FormField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        hint="Letters, numbers, underscores or dashes"
        {...form.bind('username')}
      />
      <FormField label="Email" type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...form.bind('email')} />
      <FormField
        label={
          <>
            Phone <span className="font-normal text-muted-foreground">(optional)</span>
          </>
        }
        type="tel"
        autoComplete="tel"
        placeholder="+14165550123"
        hint="A plus sign followed by digits, e.g. +14165550123"
        {...form.bind('phone')}
      />
      <FormField label="Password" type="password" autoComplete="new-password" hint={PASSWORD_HINT} {...form.bind('password')} />
      {agreement.documents !== undefined && agreement.documents.length > 0 && (
        <TermsAcceptance
          documents={agreement.documents}
          checked={agreement.agreed}
          onCheckedChange={agreement.setAgreed}
          error={agreement.error}
        />
      )}
      {agreement.loadFailed && (
        <div role="alert" className="flex items-center justify-between gap-3 rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm">
          <span>The terms to accept could not be loaded.</span>
          <Button variant="outline" size="sm" onClick={agreement.refresh}>
            Try again
          </Button>
        </div>
      )}
      {/* The darker brand shade: white on #E43C13 is 4.2:1, short of AA for this text size. */}
      <Button
        type="submit"
        variant="brand"
        size="lg"
        className="w-full bg-brand-hover! hover:bg-[#A12A0C]!"
        disabled={register.isPending || agreement.documents === undefined}
      >
        {register.isPending ? 'Creating account...' : 'Create account'}
      </Button>
    </form>
  );
}

/**
 * The active documents for the chosen role and whether the person agreed to
 * them. Agreeing is tied to the exact documents shown: switching role (other
 * terms) or a refetch that brings a new version asks again. With no active
 * documents nothing is asked and an empty list is sent.
 */
function useAgreement(role: UserRole) {
  const documentsQuery = useQuery(activeLegalDocumentsQuery(role));
  const documents = documentsQuery.data;
  const shownKey = documents === undefined ? null : `${role}:${documents.map((document) => document.id).join(',')}`;
  const [agreedKey, setAgreedKey] = useState<string | null>(null);
  const [attempted, setAttempted] = useState(false);
  const required = documents !== undefined && documents.length > 0;
  const agreed = shownKey !== null && agreedKey === shownKey;

  return {
    documents,
    agreed,
    loadFailed: documentsQuery.isError,
    error: attempted && required && !agreed ? ACCEPTANCE_REQUIRED : undefined,
    setAgreed: (checked: boolean) => setAgreedKey(checked ? shownKey : null),
    markAttempted: () => setAttempted(true),
    refresh: () => void documentsQuery.refetch(),
    /** The ids to send, or null when the documents are not loaded or not agreed to. */
    acceptedIds: (): number[] | null => {
      if (documents === undefined || (required && !agreed)) return null;
      return documents.map((document) => document.id);
    },
  };
}
