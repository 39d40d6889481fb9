import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from '../context';

/**
 * The address a request came from, as rate limits, the activity log,
 * agreements, prospects and page-view hashes see it. The app works it out
 * once per request (createApp) and every reader takes it from here.
 * null where there is none: requests made in-process (tests) have no socket.
 */
export function clientAddress(c: Context<AppEnv>): string | null {
  return c.get('clientAddress') ?? null;
}

/**
 * The client's address, given the TCP peer, the X-Forwarded-For header and
 * how many proxies stand in front of the app (TRUST_PROXY). Each proxy appends
 * the address it was reached from, so with `trustedHops` proxies the client is
 * that many entries left of the peer; anything further left was written by the
 * client itself and could be anything. With 0 the header is ignored: a client
 * reaching the app directly could otherwise pick its own address and dodge
 * every per-address limit.
 */
export function resolveClientAddress(peer: string | undefined, forwardedFor: string | undefined, trustedHops: number): string | null {
  if (trustedHops === 0 || forwardedFor === undefined) return normalized(peer);
  const chain = [...forwardedFor.split(','), peer ?? ''];
  // Fewer entries than trusted proxies: the leftmost is the best there is.
  return normalized(chain[Math.max(0, chain.length - 1 - trustedHops)]);
}

/** The peer's address from the Node socket, undefined without one. */
export function peerAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/** An IPv4 or IPv6 address as stored (IPv4-mapped IPv6 unwrapped, at most 45 characters), or null for anything else. */
function normalized(address: string | undefined): string | null {
  const trimmed = address?.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  return trimmed && isIP(trimmed) !== 0 ? trimmed.slice(0, 45) : null;
}
