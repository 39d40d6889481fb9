import { z } from 'zod';

/** A whole-number query parameter from `min` to `max`, `fallback` when absent or empty. */
export function wholeNumberParam(message: string, min: number, max: number, fallback: number) {
  return z.preprocess(
    (value) => (value === undefined || value === '' ? String(fallback) : value),
    z
      .string({ error: message })
      // The length aborts the checks, so the pattern never reads a long input (docs/decisions/0021).
      .max(16, { error: message, abort: true })
      .regex(/^\d+$/, message)
      .transform(Number)
      .pipe(z.number().min(min, message).max(max, message)),
  );
}
