import { isImmutable } from 'immutable';
import type { TimelineChange } from '../../../../contract/admin/timeline';
import { SECRET_MASK } from '../../../../contract/admin/timeline';

/*
 * A folded state as an administrator may read it (docs/decisions/0041):
 * plain JSON, every secret masked by its field's name, and persistent maps
 * cut to their first MAX_ENTRIES entries so an account with thousands of
 * bids answers in a bounded size.
 */

/** Fields whose value is a secret: a password hash, a token's hash, anything named a secret or a password. */
export function isSecretField(key: string): boolean {
  const lower = key.toLowerCase();
  return lower === 'password' || lower.endsWith('hash') || lower.endsWith('token') || lower.endsWith('secret');
}

/** How many entries of a map or list a state shows; the rest are counted. */
export const MAX_ENTRIES = 100;
export const MORE_KEY = '…';

/** The state with its secrets masked and its persistent maps as plain objects. */
export function toPlainState(state: unknown): Record<string, unknown> {
  const plain = toPlain(state);
  return plain !== null && typeof plain === 'object' && !Array.isArray(plain) ? (plain as Record<string, unknown>) : { value: plain };
}

function toPlain(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (isImmutable(value)) {
    const entries = [...(value as unknown as Iterable<[unknown, unknown]>)];
    return entriesToPlain(entries.map(([key, item]) => [String(key), item]));
  }
  if (Array.isArray(value)) {
    const shown = value.slice(0, MAX_ENTRIES).map(toPlain);
    return value.length > MAX_ENTRIES ? [...shown, `${value.length - MAX_ENTRIES} more`] : shown;
  }
  if (typeof value === 'object') return entriesToPlain(Object.entries(value as Record<string, unknown>));
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  return String(value);
}

function entriesToPlain(entries: Array<[string, unknown]>): Record<string, unknown> {
  const plain: Record<string, unknown> = {};
  for (const [key, item] of entries.slice(0, MAX_ENTRIES)) plain[key] = isSecretField(key) && item !== null && item !== undefined ? SECRET_MASK : toPlain(item);
  if (entries.length > MAX_ENTRIES) plain[MORE_KEY] = `${entries.length - MAX_ENTRIES} more`;
  return plain;
}

const SHORT = 80;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/;

/** '2026-12-08T19:37:21.138Z' as '2026-12-08 19:37:21 UTC': sentences and changes stay short and unambiguous. */
export function readableTime(iso: string): string {
  return ISO_TIME.test(iso) ? `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC` : iso;
}

/** A field's value as one short line. */
function describe(key: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (isSecretField(key)) return SECRET_MASK;
  if (isImmutable(value)) {
    const size = (value as unknown as { size: number }).size;
    return `${size} entr${size === 1 ? 'y' : 'ies'}`;
  }
  if (typeof value === 'string') return ISO_TIME.test(value) ? readableTime(value) : value.length > SHORT ? `${value.slice(0, SHORT - 1)}…` : value;
  if (typeof value !== 'object') return String(value);
  const text = JSON.stringify(toPlain(value));
  if (text.length <= SHORT) return text;
  return Array.isArray(value) ? `${value.length} items` : `${Object.keys(value).length} fields`;
}

/**
 * The top-level fields an event changed. Folds keep unchanged fields by
 * reference, so only fields whose reference moved are compared, and a map of
 * thousands of bids is counted, never serialized, on every event.
 */
export function changesBetween(before: unknown, after: unknown): TimelineChange[] {
  const from = (before ?? {}) as Record<string, unknown>;
  const to = (after ?? {}) as Record<string, unknown>;
  const changes: TimelineChange[] = [];
  for (const field of new Set([...Object.keys(from), ...Object.keys(to)])) {
    const [old, next] = [from[field], to[field]];
    if (old === next) continue;
    const secret = isSecretField(field);
    const oldText = secret ? (old === null || old === undefined ? '—' : SECRET_MASK) : describe(field, old);
    const nextText = secret ? (next === null || next === undefined ? '—' : SECRET_MASK) : describe(field, next);
    const same = !isImmutable(old) && !isImmutable(next) && JSON.stringify(toPlain(old)) === JSON.stringify(toPlain(next));
    if (same || (secret && oldText === nextText && oldText === '—')) continue;
    changes.push({ field, before: oldText, after: nextText });
  }
  return changes;
}
