import { randomBytes } from 'node:crypto';
import { ADMIN_BOOTSTRAP_STREAM, adminBootstrapDecider } from '../domain/admin/bootstrap';
import { adminDecider } from '../domain/admin/decide';
import type { AdminId } from '../domain/admin/events';
import { adminStreamId, toAdminId } from '../domain/admin/events';
import { handleCommand, loadState } from '../domain/shared/command-handler';
import { readAdmin } from './aggregates';
import { ConflictError } from '../domain/shared/errors';
import { reservation, reservationStreamId } from '../domain/shared/reservation';
import type { EventMetadata, EventStore } from '../event-store/port';
import type { ProjectionRunner } from '../projections/runner';
import { countAdminUsers } from '../projections/admin/admin-users-queries';
import type { ReadStore } from '../read-store/port';
import type { Env } from './env';
import type { Logger } from './platform/logger';
import { hashPassword } from './platform/passwords';

export interface AdminBootstrapOptions {
  eventStore: EventStore;
  readStore: ReadStore;
  projections: Pick<ProjectionRunner, 'waitFor'>;
  logger: Logger;
  clock: () => Date;
  env: Pick<Env, 'ADMIN_USERNAME' | 'ADMIN_PASSWORD' | 'ADMIN_EMAIL'>;
  /** Where a generated password is shown, once. Plain stdout, never the JSON log that collectors ship. */
  print?: (text: string) => void;
  /** How long a node's claim holds before another boot may finish its work (see the bootstrap decider). */
  leaseMs?: number;
}

export type AdminBootstrapOutcome =
  | { status: 'exists' }
  | { status: 'claimed-elsewhere' }
  | { status: 'created'; adminId: AdminId; username: string; passwordGenerated: boolean };

const DEFAULT_USERNAME = 'admin';
const DEFAULT_LEASE_MS = 60_000;
const METADATA: EventMetadata = { source: 'admin-bootstrap' };

/**
 * On a first boot with no administrator, creates the super_admin from
 * ADMIN_USERNAME / ADMIN_PASSWORD / ADMIN_EMAIL, generating (and printing
 * once) a password when none is given. Called once the read models are ready.
 * Two nodes booting at once race on the `admin-bootstrap` stream's first
 * append; only the winner creates the administrator.
 */
export async function bootstrapAdmin(options: AdminBootstrapOptions): Promise<AdminBootstrapOutcome> {
  const { eventStore, logger, env } = options;
  const claimed = await loadState(eventStore, ADMIN_BOOTSTRAP_STREAM, adminBootstrapDecider);
  if (claimed.status === 'claimed' && (await adminExists(eventStore, claimed.adminId))) return { status: 'exists' };
  if (claimed.status === 'unclaimed' && (await countAdminUsers(options.readStore)) > 0) return { status: 'exists' };

  const at = options.clock().toISOString();
  let adminId: AdminId;
  try {
    const claim = await handleCommand(
      eventStore,
      ADMIN_BOOTSTRAP_STREAM,
      adminBootstrapDecider,
      { type: 'ClaimAdminBootstrap', adminId: toAdminId(crypto.randomUUID()), at, leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS },
      { metadata: METADATA },
    );
    if (claim.state.status !== 'claimed') throw new Error('The bootstrap claim did not hold');
    adminId = claim.state.adminId;
  } catch (error) {
    if (error instanceof ConflictError) return { status: 'claimed-elsewhere' };
    throw error;
  }
  // A claim taken over from a node that died may find its work done after all.
  if (await adminExists(eventStore, adminId)) return { status: 'exists' };

  const username = env.ADMIN_USERNAME ?? DEFAULT_USERNAME;
  const email = env.ADMIN_EMAIL ?? `${username}@localhost`;
  const password = env.ADMIN_PASSWORD ?? randomBytes(18).toString('base64url');
  for (const [kind, name, takenMessage] of [
    ['admin-username', username, 'Username already exists'],
    ['admin-email', email, 'Email already exists'],
  ] as const) {
    await handleCommand(eventStore, reservationStreamId(kind, name), reservation, { type: 'Reserve', ownerId: adminId, at, takenMessage }, { metadata: METADATA });
  }

  let position: number | undefined;
  try {
    const created = await handleCommand(
      eventStore,
      adminStreamId(adminId),
      adminDecider,
      { type: 'BootstrapSuperAdmin', adminId, username, name: 'Administrator', email, passwordHash: await hashPassword(password), at },
      { metadata: METADATA },
    );
    position = created.position;
  } catch (error) {
    // A node that took over a stale claim finished first.
    if (error instanceof ConflictError) return { status: 'exists' };
    throw error;
  }

  const passwordGenerated = env.ADMIN_PASSWORD === undefined;
  if (passwordGenerated) (options.print ?? printToStdout)(generatedPasswordNotice(username, password));
  logger.info('administrator created', { adminId, username, role: 'super_admin', passwordGenerated });
  await options.projections.waitFor(position);
  return { status: 'created', adminId, username, passwordGenerated };
}

async function adminExists(eventStore: EventStore, adminId: AdminId): Promise<boolean> {
  return (await readAdmin({ eventStore }, adminId)).status !== 'none';
}

function generatedPasswordNotice(username: string, password: string): string {
  const rule = '='.repeat(72);
  return [
    '',
    rule,
    '  A super_admin was created for the back office (/admin).',
    `    username: ${username}`,
    `    password: ${password}`,
    '  This password is shown only this once. Sign in and change it.',
    rule,
    '',
    '',
  ].join('\n');
}

function printToStdout(text: string): void {
  process.stdout.write(text);
}
