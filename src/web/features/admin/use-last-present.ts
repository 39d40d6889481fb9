import { useState } from 'react';

/**
 * The latest non-null value: a dialog opened for an item keeps showing that
 * item while it animates closed, after the caller has already let go of it.
 */
export function useLastPresent<T>(value: T | null): T | null {
  const [last, setLast] = useState(value);
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}
