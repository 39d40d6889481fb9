import { z } from 'zod';

/** A whole-number query parameter from `min` to `max`, `fallback` when absent or empty. */
export function wholeNumberParam(message: string, min: number, max: number, fallback: number) {
  return z.preprocess(
    (value) => (value === undefined || value === '' ? String(fallback) : value),
    z.string({ error: message }).regex(/^\d+$/, message).transform(Number).pipe(z.number().min(min, message).max(max, message)),
  );
}
