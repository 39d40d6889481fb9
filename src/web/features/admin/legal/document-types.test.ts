import { describe, expect, it } from 'vitest';
import { fromLocalInputValue, toLocalInputValue } from './document-types';

describe('datetime-local values', () => {
  it('round-trips through the local zone', () => {
    const iso = fromLocalInputValue('2026-03-01T09:30');
    expect(iso).not.toBeNull();
    expect(toLocalInputValue(iso ?? '')).toBe('2026-03-01T09:30');
  });

  it('gives null for an empty or invalid value', () => {
    expect(fromLocalInputValue('')).toBeNull();
    expect(fromLocalInputValue('2026-13-45T99:99')).toBeNull();
  });
});
