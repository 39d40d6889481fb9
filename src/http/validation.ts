import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { z } from 'zod';
import { ValidationError } from '../domain/shared/errors';

export const JSON_ONLY_MESSAGE = 'Send the request body as JSON (Content-Type: application/json)';
export const CONTROL_CHARACTERS_MESSAGE = 'Text may not contain control characters or text-direction overrides';

/**
 * C0 controls but tab and newline, and the bidirectional embeddings, overrides
 * and isolates (U+202A–U+202E, U+2066–U+2069): invisible, and able to make a
 * title, an address or a file name read differently from what it holds.
 */
// eslint-disable-next-line no-control-regex -- finding them is the point
const FORBIDDEN_CHARACTERS = /[\u0000-\u0008\u000B-\u001F\u202A-\u202E\u2066-\u2069]/;

/**
 * Not free text: a sign-in's redirect target has its own rule (src/contract/redirect.ts), which drops an unsafe
 * one and signs the person in, so a crafted link cannot make signing in fail.
 */
const CHECKED_BY_THEIR_OWN_RULE = new Set(['redirectTo']);

/** Every string in a JSON body, checked before its schema: each free-text field refuses the same characters. */
function refuseControlCharacters(body: unknown): void {
  // A loop, not recursion: a 1 MB body can nest arrays hundreds of thousands deep. Each entry knows its parent,
  // so a field's path is spelled only for the one refused.
  type Entry = { value: unknown; key: string; parent: Entry | null };
  const pending: Entry[] = [{ value: body, key: '', parent: null }];
  for (let entry = pending.pop(); entry !== undefined; entry = pending.pop()) {
    const { value } = entry;
    if (typeof value === 'string') {
      if (FORBIDDEN_CHARACTERS.test(value)) throw new ValidationError(CONTROL_CHARACTERS_MESSAGE, { [pathOf(entry) || '_']: CONTROL_CHARACTERS_MESSAGE });
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push({ value: item, key: String(index), parent: entry }));
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (!CHECKED_BY_THEIR_OWN_RULE.has(key)) pending.push({ value: item, key, parent: entry });
      }
    }
  }
}

function pathOf(entry: { key: string; parent: { key: string; parent: unknown } | null }): string {
  const keys: string[] = [];
  for (let at: typeof entry | null = entry; at?.parent; at = at.parent as typeof entry | null) keys.unshift(at.key);
  return keys.join('.');
}

/** A JSON body must say it is one: a form or text/plain body (what a cross-site form can send) is refused with 415. */
function requireJsonContentType(c: Context): void {
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') throw new HTTPException(415, { message: JSON_ONLY_MESSAGE });
}

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
  requireJsonContentType(c);
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ValidationError('Malformed JSON');
  }
  refuseControlCharacters(body);
  return validate(schema, body);
}

/** Like readJson, for a route whose body is optional: an absent or blank body is read as `{}`. */
export async function readOptionalJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const text = await c.req.text();
  if (text.trim() === '') return validate(schema, {});
  requireJsonContentType(c);
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    throw new ValidationError('Malformed JSON');
  }
  refuseControlCharacters(body);
  return validate(schema, body);
}
