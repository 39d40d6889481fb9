import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSealedAgain, openJson } from './sealing';

describe('values sealed again', () => {
  it('hands out the value sealed before for the same subject, JSON and key, as a fresh object that opens', () => {
    const again = createSealedAgain();
    const subject = randomUUID();
    const key = randomBytes(32);
    const first = again.seal(subject, key, '"203.0.113.7"');
    const second = again.seal(subject, key, '"203.0.113.7"');
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
    expect(openJson(second, key)).toBe('"203.0.113.7"');
    // The same key's bytes in another Buffer (the key cache read it again) are the same key.
    expect(again.seal(subject, Buffer.from(key), '"203.0.113.7"')).toEqual(first);
  });

  it('seals anew for another value, another subject, another key, and once the subject is dropped', () => {
    const again = createSealedAgain();
    const subject = randomUUID();
    const key = randomBytes(32);
    const first = again.seal(subject, key, '"203.0.113.7"');
    expect(again.seal(subject, key, '"203.0.113.8"').data).not.toBe(first.data);
    const other = randomUUID();
    const otherSealed = again.seal(other, key, '"203.0.113.7"');
    expect(otherSealed.$pii).toBe(other);
    expect(otherSealed.data).not.toBe(first.data);
    const newKey = randomBytes(32);
    const underNewKey = again.seal(subject, newKey, '"203.0.113.7"');
    expect(underNewKey.data).not.toBe(first.data);
    expect(openJson(underNewKey, key)).toBeUndefined();
    expect(openJson(underNewKey, newKey)).toBe('"203.0.113.7"');
    again.drop(subject);
    const afterDrop = again.seal(subject, newKey, '"203.0.113.7"');
    expect(afterDrop.iv).not.toBe(underNewKey.iv);
    expect(afterDrop.data).not.toBe(underNewKey.data);
  });
});
