import type { Ref } from 'react';
import { SelectField, TextField } from '../../components/ui/form-field';
import { inquiryTypeOptions } from './inquiry-types';
import type { useProspectForm } from './use-prospect-form';

/**
 * The email and inquiry-type fields every prospect form starts with. The
 * contact form asks for the role with an empty first choice; the about form
 * starts at 'general' and needs none.
 */
export function ProspectFields({
  form,
  sending,
  emailRef,
  askForRole = false,
}: {
  form: ReturnType<typeof useProspectForm>;
  sending: boolean;
  emailRef?: Ref<HTMLInputElement>;
  askForRole?: boolean;
}) {
  return (
    <>
      <TextField
        {...(emailRef ? { ref: emailRef } : {})}
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="you@example.com"
        value={form.values.email}
        error={form.errors.email}
        readOnly={sending}
        onChange={(event) => form.setValue('email', event.target.value)}
      />
      <SelectField
        label="I am a"
        name="inquiryType"
        value={form.values.inquiryType}
        error={form.errors.inquiryType}
        disabled={sending}
        onChange={(event) => form.setValue('inquiryType', event.target.value)}
      >
        {askForRole && (
          <option value="" disabled>
            Select your role
          </option>
        )}
        {inquiryTypeOptions.map(({ value, label }) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
    </>
  );
}
