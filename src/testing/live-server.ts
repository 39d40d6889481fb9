import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { userStreamId } from '../domain/accounts/commands';
import type { EventStore, LogPosition, NewEvent } from '../event-store/port';
import { expected } from '../event-store/port';
import { createSqliteEventStore } from '../event-store/sqlite';
import { loadEnv } from '../http/env';
import { createJsonLogger } from '../http/platform/logger';
import type { RunningServer } from '../http/server';
import { startServer } from '../http/server';
import { createSessions } from '../http/session';
import { appendListing, vettedProfileEvents } from './bidding';
import { realtorProfileStreamId } from '../domain/realtor-profiles/profile';

/*
 * The real server on port 0 (embedded backends, RATE_LIMITS=off), for socket
 * tests and benchmarks. Accounts and listings are seeded by appending their
 * events through a second handle on the same SQLite file, and sessions are
 * issued with the server's secret, so no scrypt or upload slows the set-up.
 */

const SECRET = 'live-server-session-secret-'.repeat(2);

export interface LiveServer {
  url: string;
  server: RunningServer;
  /** A second handle on the server's log; the server sees its appends within a poll (250 ms). */
  store: EventStore;
  seedUser(role: 'homeowner' | 'realtor', options?: { name?: string; email?: string; phone?: string | null; credits?: number; vetted?: boolean }): Promise<{ userId: string; cookie: string; email: string }>;
  listProperty(ownerId: string, options: { biddingEndsAt: string; minBidAmount?: number; title?: string }): Promise<string>;
  /** Resolves once `check` holds, polling; rejects after `timeoutMs`. */
  until(check: () => Promise<boolean>, timeoutMs?: number): Promise<void>;
  /** Resolves once the server's read models show `position` (a user's session works from then on). */
  seen(position: LogPosition | undefined): Promise<void>;
  stop(): Promise<void>;
}

export async function startLiveServer(): Promise<LiveServer> {
  const dir = await mkdtemp(join(tmpdir(), 'live-server-'));
  const env = loadEnv({ PORT: '0', DATA_DIR: dir, SESSION_SECRET: SECRET, RATE_LIMITS: 'off', ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'chief-password' });
  // Lines are formatted as in production, then dropped: nothing reads them, and keeping them grows without bound under load.
  const server = await startServer(env, createJsonLogger(() => {}), { print: () => undefined });
  const store = createSqliteEventStore({ path: join(dir, 'events.db'), synchronous: 'NORMAL' });
  const sessions = createSessions({ secret: SECRET, secure: false });
  let lastSeeded: LogPosition | undefined;

  const until = async (check: () => Promise<boolean>, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('condition not met in time');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  const live: LiveServer = {
    url: server.url,
    server,
    store,
    async seedUser(role, options = {}) {
      const userId = crypto.randomUUID();
      const suffix = userId.slice(0, 8);
      const email = options.email ?? `${role}-${suffix}@example.com`;
      const at = new Date().toISOString();
      const events: NewEvent[] = [
        {
          id: crypto.randomUUID(),
          type: 'UserRegistered',
          data: { userId, username: `${role}_${suffix}`, email, name: options.name ?? 'Sam Seeded', phone: options.phone ?? null, role, at },
        },
      ];
      if (options.credits) {
        const data = { credits: options.credits, previousCredits: 0, adminId: 'seed', reason: 'Set by administrator', at };
        events.push({ id: crypto.randomUUID(), type: 'CreditsSetByAdmin', data });
      }
      lastSeeded = (await store.append(userStreamId(userId), events, expected.noStream)).position;
      // Only approved realtors bid (docs/decisions/0050): a seeded realtor's licence is approved unless `vetted: false`.
      if (role === 'realtor' && (options.vetted ?? true)) lastSeeded = (await store.append(realtorProfileStreamId(userId), vettedProfileEvents(userId, at), expected.noStream)).position;
      const cookie = `session=${await sessions.issue({ kind: 'user', subject: userId, role, version: 0 })}`;
      return { userId, cookie, email };
    },
    async listProperty(ownerId, options) {
      const { propertyId, position } = await appendListing(store, ownerId, options);
      lastSeeded = position;
      return propertyId;
    },
    until,
    async seen(position = lastSeeded) {
      // /readyz reports each read model's position; every one must have reached the seeded events.
      await until(async () => {
        const res = await fetch(`${server.url}/readyz`);
        const body = (await res.json()) as { projections: Array<{ position?: number }> };
        return body.projections.every((p) => (p.position ?? -1) >= (position ?? 0));
      });
    },
    async stop() {
      await server.stop();
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
  return live;
}
