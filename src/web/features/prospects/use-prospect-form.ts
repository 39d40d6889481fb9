import { useState } from 'react';
import type * as Rules from '../../../contract/prospects/prospect-requests';
import type { ProspectData } from '../../../contract/prospects/prospect-requests';

export type ProspectField = 'email' | 'inquiryType' | 'message';
export type ProspectValues = Record<ProspectField, string>;

type ProspectRules = typeof Rules;

// The rules bring the validation library: the landing page loads them when someone starts on its form, not with the page.
let loadedRules: ProspectRules | undefined;
let loadingRules: Promise<ProspectRules> | undefined;
function loadRules(): Promise<ProspectRules> {
  loadingRules ??= import('../../../contract/prospects/prospect-requests').then((rules) => (loadedRules = rules));
  return loadingRules;
}

/**
 * Form state checked by the shared prospect rules (src/contract/prospects/prospect-requests.ts),
 * so each field shows the message the server would answer with: after the
 * first submit, then live as the visitor corrects it.
 */
export function useProspectForm(page: string, initial: ProspectValues) {
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [rules, setRules] = useState(loadedRules);
  const ensureRules = async () => {
    const loaded = await loadRules();
    setRules(loaded);
    return loaded;
  };
  const errors: Partial<Record<ProspectField, string>> = {};
  const result = rules?.prospectSchema.safeParse({ ...values, page });
  if (submitted && result !== undefined && !result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as ProspectField;
      errors[field] ??= issue.message;
    }
  }

  return {
    values,
    errors,
    setValue: (field: ProspectField, value: string) => {
      void ensureRules();
      setValues((current) => ({ ...current, [field]: value }));
    },
    /** The data to send, or null after marking the form submitted so its errors show. */
    validate: async (): Promise<ProspectData | null> => {
      setSubmitted(true);
      const checked = (await ensureRules()).prospectSchema.safeParse({ ...values, page });
      return checked.success ? checked.data : null;
    },
    reset: () => {
      setValues(initial);
      setSubmitted(false);
    },
  };
}
