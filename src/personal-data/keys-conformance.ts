import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PersonalKeys } from './keys';
import { KEY_BYTES } from './keys';

/** One suite for every key store; `open` may be called twice to act as a second node on the same storage. */
export function describePersonalKeysConformance(backend: string, open: () => Promise<PersonalKeys> | PersonalKeys, shared = true): void {
  describe(`personal keys conformance: ${backend}`, () => {
    let keys: PersonalKeys;
    beforeEach(async () => {
      keys = await open();
    });
    afterEach(async () => {
      await keys.close();
    });
    const subject = () => `subject-${randomUUID()}`;

    it('makes a key of 32 random bytes on first use and answers the same one after', async () => {
      const id = subject();
      expect(await keys.find(id)).toBeNull();
      const key = await keys.keyFor(id);
      expect(key).toHaveLength(KEY_BYTES);
      expect((await keys.keyFor(id))?.equals(key as Buffer)).toBe(true);
      expect((await keys.find(id))?.equals(key as Buffer)).toBe(true);
      const other = await keys.keyFor(subject());
      expect(other?.equals(key as Buffer)).toBe(false);
    });

    it('forgets an erased key and never makes a new one for that subject', async () => {
      const id = subject();
      const kept = subject();
      await keys.keyFor(id);
      const keptKey = await keys.keyFor(kept);
      await keys.erase(id);
      expect(await keys.find(id)).toBeNull();
      expect(await keys.keyFor(id)).toBeNull();
      expect((await keys.find(kept))?.equals(keptKey as Buffer)).toBe(true);
    });

    it('erases a subject that never had a key, so none is made later', async () => {
      const id = subject();
      await keys.erase(id);
      expect(await keys.keyFor(id)).toBeNull();
    });

    it.runIf(shared)('gives racing nodes one key for a new subject, and an erasure on one is seen by the other', async () => {
      const other = await open();
      try {
        const id = subject();
        const answers = await Promise.all([keys.keyFor(id), other.keyFor(id), keys.keyFor(id), other.keyFor(id)]);
        for (const answer of answers) expect(answer?.equals(answers[0] as Buffer)).toBe(true);
        await other.erase(id);
        expect(await keys.find(id)).toBeNull();
        expect(await keys.keyFor(id)).toBeNull();
      } finally {
        await other.close();
      }
    });
  });
}
