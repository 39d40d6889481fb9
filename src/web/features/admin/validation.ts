import type { z } from 'zod';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/**
 * Runs one of the shared schemas (src/contract/admin/admins.ts) over a form's
 * values: the parsed data, or the first message per field, as the server would answer.
 */
export function validateForm<Schema extends z.ZodType<unknown, Record<string, unknown>>>(
  schema: Schema,
  values: z.input<Schema>,
): { ok: true; data: z.output<Schema> } | { ok: false; errors: FieldErrors<Extract<keyof z.input<Schema>, string>> } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && errors[field] === undefined) errors[field] = issue.message;
  }
  return { ok: false, errors: errors as FieldErrors<Extract<keyof z.input<Schema>, string>> };
}
