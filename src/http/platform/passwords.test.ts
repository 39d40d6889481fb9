import { describe, expect, it } from 'vitest';
import { createToken, hashPassword, hashToken, verifyDummyPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with scrypt in a self-describing format and verifies', async () => {
    const hash = await hashPassword('Secret123');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(hash).not.toContain('Secret123');
    expect(await verifyPassword('Secret123', hash)).toBe(true);
    expect(await verifyPassword('secret123', hash)).toBe(false);
    expect(await hashPassword('Secret123')).not.toBe(hash);
  });

  it('verifies hashes made with other parameters', async () => {
    const { scryptSync } = await import('node:crypto');
    const salt = Buffer.from('0123456789abcdef');
    const key = scryptSync('Secret123', salt, 32, { N: 1024, r: 8, p: 1 });
    expect(await verifyPassword('Secret123', `scrypt$1024$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`)).toBe(true);
  });

  it('refuses unreadable or extravagant hashes instead of throwing', async () => {
    for (const stored of ['', 'bcrypt$x', 'scrypt$1000$8$1$c2FsdA$a2V5a2V5a2V5a2V5a2V5a2V5', `scrypt$${2 ** 24}$8$1$c2FsdA$a2V5a2V5a2V5a2V5a2V5a2V5`]) {
      expect(await verifyPassword('x', stored)).toBe(false);
    }
  });

  it('takes about as long for an unknown account as for a real one', async () => {
    const hash = await hashPassword('Secret123');
    await verifyDummyPassword('warm-up');
    const time = async (run: () => Promise<unknown>) => {
      const started = performance.now();
      await run();
      return performance.now() - started;
    };
    const real = await time(() => verifyPassword('Wrong123', hash));
    const dummy = await time(() => verifyDummyPassword('Wrong123'));
    expect(await verifyDummyPassword('Secret123')).toBe(false);
    // Same work (one scrypt with the same parameters); a generous margin for a shared machine.
    expect(dummy).toBeGreaterThan(real / 4);
  });

  it('makes 256-bit tokens and stores only their SHA-256', () => {
    const { token, tokenHash } = createToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokenHash).toBe(hashToken(token));
    expect(tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(createToken().token).not.toBe(token);
  });
});
