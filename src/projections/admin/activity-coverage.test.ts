import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_TABLE, NOT_AUDITED } from './activity-mappings';

/** Every event type declared in src/domain: `{ type: 'X'; data: … }` (commands have no `data`). */
function declaredEventTypes(): string[] {
  const root = join(import.meta.dirname, '../..', 'domain');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
  const types = new Set<string>();
  for (const file of files) {
    const source = readFileSync(join(root, file), 'utf8');
    // A comment may sit between the type and its data.
    for (const match of source.matchAll(/type:\s*'([A-Z]\w*)';\s*(?:\/\*\*[\s\S]*?\*\/\s*)?data:/g)) types.add(match[1] ?? '');
  }
  return [...types].sort();
}

describe('the activity table covers every event of the domain', () => {
  it('finds the event declarations it checks', () => {
    const declared = declaredEventTypes();
    // A sample from several contexts, so a broken pattern cannot pass by finding nothing.
    expect(declared).toEqual(expect.arrayContaining(['UserRegistered', 'BidPlaced', 'AdminDeactivated', 'VerificationRejected', 'PaymentCreated', 'SessionEnded', 'SignInFailed', 'PageViewed']));
  });

  it('has a row or a reason not to audit for each event type, never both', () => {
    const audited = new Set(Object.keys(ACTIVITY_TABLE));
    const skipped = new Set(Object.keys(NOT_AUDITED));
    const missing = declaredEventTypes().filter((type) => !audited.has(type) && !skipped.has(type));
    expect(missing, 'event types with neither a row in ACTIVITY_TABLE nor a reason in NOT_AUDITED').toEqual([]);
    expect([...audited].filter((type) => skipped.has(type))).toEqual([]);
  });

  it('has no row for an event type that no longer exists', () => {
    const declared = new Set(declaredEventTypes());
    expect([...Object.keys(ACTIVITY_TABLE), ...Object.keys(NOT_AUDITED)].filter((type) => !declared.has(type))).toEqual([]);
  });
});
