import type { Context } from 'hono';
import type { z } from 'zod';
import { ValidationError } from '../domain/shared/errors';

/**
 * Checks untrusted input against a schema whose messages are the spec's.
 * `message` is the first failing rule; `errors` has the first message per field.
 */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || '_';
    errors[field] ??= issue.message;
  }
  throw new ValidationError(result.error.issues[0]?.message ?? 'Invalid request', errors);
}

/** Parses the JSON body (400 'Malformed JSON' when it is not JSON) and validates it. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ValidationError('Malformed JSON');
  }
  return validate(schema, body);
}

/** Like readJson, for a route whose body is optional: an absent or blank body is read as `{}`. */
export async function readOptionalJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const text = await c.req.text();
  if (text.trim() === '') return validate(schema, {});
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    throw new ValidationError('Malformed JSON');
  }
  return validate(schema, body);
}
