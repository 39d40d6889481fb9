import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/*
 * Password hashing with scrypt (memory-hard, in node:crypto). Stored as
 * `scrypt$N$r$p$salt$hash` (base64url), so the parameters can be raised later
 * while older hashes still verify. N = 2^15, r = 8, p = 1 uses 32 MiB and
 * takes about 30-70 ms on the shared 2-core machine; it runs on libuv's thread
 * pool, not the event loop. See docs/decisions/0007-accounts.md.
 */

interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

const CURRENT: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
// Bounds for parameters read back from storage, so a corrupted hash cannot ask for gigabytes.
const MAX_N = 2 ** 20;
const MAX_R = 16;
const MAX_P = 4;

function derive(password: string, salt: Buffer, params: ScryptParams, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, length, { ...params, maxmem: 256 * params.N * params.r }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, CURRENT, KEY_LENGTH);
  return ['scrypt', CURRENT.N, CURRENT.r, CURRENT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** True when `password` matches `stored`; false for a wrong password or an unreadable hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as checking a real password, for sign-ins to accounts
 * that do not exist, so the answer's timing does not tell whether they do.
 * Always false.
 */
export async function verifyDummyPassword(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
  await verifyPassword(password, await dummyHash);
  return false;
}

function parseHash(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return null;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const powerOfTwo = Number.isInteger(params.N) && params.N > 1 && (params.N & (params.N - 1)) === 0;
  if (!powerOfTwo || params.N > MAX_N || !(params.r >= 1 && params.r <= MAX_R) || !(params.p >= 1 && params.p <= MAX_P)) return null;
  const keyBytes = Buffer.from(key, 'base64url');
  if (keyBytes.length < 16) return null;
  return { params, salt: Buffer.from(salt, 'base64url'), key: keyBytes };
}

/** A secret for a mailed link: 32 random bytes. Only its hash is ever stored. */
export function createToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

/**
 * SHA-256, hex. A fast hash suffices: the token has 256 random bits, so the
 * stored hash cannot be reversed by guessing, unlike a password.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
