import { useState } from 'react';
import { prospectSchema, type ProspectData } from '../../../domain/prospects/rules';

export type ProspectField = 'email' | 'inquiryType' | 'message';
export type ProspectValues = Record<ProspectField, string>;

/**
 * Form state checked by the shared prospect rules (src/domain/prospects/rules.ts),
 * so each field shows the message the server would answer with: after the
 * first submit, then live as the visitor corrects it.
 */
export function useProspectForm(page: string, initial: ProspectValues) {
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const result = prospectSchema.safeParse({ ...values, page });
  const errors: Partial<Record<ProspectField, string>> = {};
  if (submitted && !result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as ProspectField;
      errors[field] ??= issue.message;
    }
  }

  return {
    values,
    errors,
    setValue: (field: ProspectField, value: string) => setValues((current) => ({ ...current, [field]: value })),
    /** The data to send, or null after marking the form submitted so its errors show. */
    validate: (): ProspectData | null => {
      setSubmitted(true);
      return result.success ? result.data : null;
    },
    reset: () => {
      setValues(initial);
      setSubmitted(false);
    },
  };
}
