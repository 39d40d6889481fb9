import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { userStreamId } from '../domain/accounts/commands';
import type { EventStore } from '../event-store/port';
import { expected } from '../event-store/port';
import { createSqliteEventStore } from '../event-store/sqlite';
import { createSessions } from '../http/session';
import { appendListing, vettedProfileEvents } from './bidding';
import { realtorProfileStreamId } from '../domain/realtor-profiles/profile';

/*
 * The server as `npm start` runs it (src/http/cli.ts, the process entry), in
 * a child process on port 0, for tests of several processes on one DATA_DIR.
 * Its JSON log lines are kept; the port is read from its 'listening' line.
 */

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const cli = fileURLToPath(new URL('../http/cli.ts', import.meta.url));

export const PROCESS_SESSION_SECRET = 'server-process-session-secret-'.repeat(2);

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Every JSON line the process (and its workers) logged so far. */
  lines: Array<Record<string, unknown>>;
  /** SIGTERM, then resolves with the exit code once the process ended. */
  stop(): Promise<number | null>;
  /** SIGKILL: no stop, no flush, as a crash or the OOM killer. */
  kill(): Promise<void>;
}

export async function spawnServer(env: Record<string, string>, startTimeoutMs = 60_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', cli], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? '', PORT: '0', SESSION_SECRET: PROCESS_SESSION_SECRET, RATE_LIMITS: 'off', ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'chief-password', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Array<Record<string, unknown>> = [];
  let stderr = '';
  let pending = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const listening = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not listen within ${startTimeoutMs} ms: ${stderr}`)), startTimeoutMs);
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      const split = (pending + chunk).split('\n');
      pending = split.pop() ?? '';
      for (const line of split) {
        if (!line.startsWith('{')) continue;
        const parsed = JSON.parse(line) as Record<string, unknown>;
        lines.push(parsed);
        if (parsed.msg === 'listening' && typeof parsed.port === 'number') {
          clearTimeout(timer);
          resolve(parsed.port);
        }
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code} before listening: ${stderr}`));
    });
  });
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr += chunk;
  });
  const port = await listening;
  return {
    url: `http://localhost:${port}`,
    child,
    lines,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** GET on a connection of its own (no keep-alive), so several app processes behind one port can each answer. */
export function getOnNewConnection(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    // A connection handed to a process as it died is never answered.
    req.setTimeout(5000, () => req.destroy(new Error('no answer within 5 s')));
    req.end();
  });
}

/**
 * A second handle on the processes' log in `dataDir`, to seed accounts (with
 * sessions signed by the processes' secret) and listings without scrypt or
 * uploads. The processes hear these appends through the log's notify file.
 */
export function seedOnLog(dataDir: string) {
  const store: EventStore = createSqliteEventStore({ path: join(dataDir, 'events.db'), synchronous: 'NORMAL' });
  const sessions = createSessions({ secret: PROCESS_SESSION_SECRET, secure: false });
  return {
    async user(role: 'homeowner' | 'realtor', credits = 0) {
      const userId = crypto.randomUUID();
      const at = new Date().toISOString();
      const suffix = userId.slice(0, 8);
      const events = [
        { id: crypto.randomUUID(), type: 'UserRegistered', data: { userId, username: `${role}_${suffix}`, email: `${role}-${suffix}@example.com`, name: 'Sam Seeded', phone: null, role, at } },
        ...(credits > 0 ? [{ id: crypto.randomUUID(), type: 'CreditsSetByAdmin', data: { credits, previousCredits: 0, adminId: 'seed', reason: 'Set by administrator', at } }] : []),
      ];
      let { position } = await store.append(userStreamId(userId), events, expected.noStream);
      // Only approved realtors bid (docs/decisions/0050): a seeded realtor's licence is approved.
      if (role === 'realtor') ({ position } = await store.append(realtorProfileStreamId(userId), vettedProfileEvents(userId, at), expected.noStream));
      return { userId, position, cookie: `session=${await sessions.issue({ kind: 'user', subject: userId, role, version: 0 })}` };
    },
    listing: (ownerId: string) => appendListing(store, ownerId, { biddingEndsAt: '2099-01-01T00:00:00.000Z' }),
    close: () => store.close(),
  };
}
