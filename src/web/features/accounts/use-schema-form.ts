import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/**
 * Form state checked by one of the shared zod schemas (src/contract/accounts/accounts.ts),
 * so each field shows the message the server would answer with. Messages appear
 * after the first submit and then follow the input as it is corrected.
 */
export function useSchemaForm<Field extends string, Output>(schema: z.ZodType<Output>, initialValues: Record<Field, string>) {
  const [values, setValues] = useState(initialValues);
  const [submitted, setSubmitted] = useState(false);
  const errors: FieldErrors<Field> = submitted ? readFieldErrors<Field>(schema.safeParse(values).error) : {};

  function setValue(field: Field, value: string): void {
    setValues((current) => ({ ...current, [field]: value }));
  }

  /** Props for an input bound to `field`. */
  function bind(field: Field) {
    return {
      name: field,
      value: values[field],
      onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(field, event.target.value),
      error: errors[field],
    };
  }

  function handleSubmit(onValid: (data: Output) => void) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      setSubmitted(true);
      const result = schema.safeParse(values);
      if (result.success) onValid(result.data);
    };
  }

  function reset(): void {
    setValues(initialValues);
    setSubmitted(false);
  }

  return { values, errors, setValue, bind, handleSubmit, reset };
}

/** The first message per field: rules are listed in the spec's order, so that is the one to fix first. */
export function readFieldErrors<Field extends string>(error: z.ZodError | undefined): FieldErrors<Field> {
  const errors: Partial<Record<string, string>> = {};
  for (const issue of error?.issues ?? []) {
    const field = issue.path[0];
    if (typeof field === 'string' && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors as FieldErrors<Field>;
}
