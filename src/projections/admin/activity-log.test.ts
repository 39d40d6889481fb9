import { afterEach, describe, expect, it } from 'vitest';
import type { EventStore, NewEvent } from '../../event-store/port';
import { expected } from '../../event-store/port';
import { createSqliteEventStore } from '../../event-store/sqlite';
import { createMemoryReadStore } from '../../read-store/memory';
import type { ReadStore } from '../../read-store/port';
import type { ActivityDoc } from './activity-log';
import { ADMIN_LOGS, createActivityLogProjection } from './activity-log';
import type { ActivityTable } from './activity-mappings';
import { ADMIN_USERS, createAdminUsersProjection } from './admin-users';
import type { PositionedPush, Projection } from '../projection';
import { openReadModels } from '../read-models';
import { createProjectionRunner } from '../runner';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

const at = (minute: number) => `2026-11-22T10:${String(minute).padStart(2, '0')}:00.000Z`;
const event = (type: string, data: Record<string, unknown>, metadata: Record<string, unknown> = {}): NewEvent => ({ id: crypto.randomUUID(), type, data, metadata });
const fromBrowser = { ipAddress: '192.0.2.1', userAgent: 'Browser/1.0', requestId: 'r1' };

async function start(projections: Projection[] = [createAdminUsersProjection(), createActivityLogProjection()]) {
  const eventStore: EventStore = createSqliteEventStore({ path: ':memory:' });
  // Read as the app does, through the current generation: a rebuild writes a new one and switches to it.
  const readStore: ReadStore = openReadModels(createMemoryReadStore());
  const pushes: PositionedPush[] = [];
  const runner = createProjectionRunner({ eventStore, readStore, projections, onPush: (push) => pushes.push(push), generationGraceMs: 0 });
  await runner.start();
  cleanups.push(async () => {
    await runner.stop();
    await eventStore.close();
  });
  const append = async (streamId: string, events: NewEvent[]) => {
    const { position } = await eventStore.append(streamId, events, expected.any);
    await runner.waitFor(position);
    return position;
  };
  const entries = () => readStore.collection<ActivityDoc>(ADMIN_LOGS).find({}, { sort: { createdAt: 1 } });
  return { eventStore, readStore, runner, pushes, append, entries };
}

describe('the activity log projection', () => {
  it("names each entry's actor as they were named at the time", async () => {
    const { append, entries } = await start();
    await append('user-u1', [event('UserRegistered', { userId: 'u1', username: 'jane', email: 'j@example.com', name: 'Jane Old', phone: null, role: 'realtor', at: at(1) }, fromBrowser)]);
    await append('user-u1', [event('InfoUpdated', { name: 'Jane New', phone: '+14165550123', at: at(2) }, fromBrowser)]);
    await append('user-u1', [event('SignedIn', { at: at(3) }, fromBrowser)]);
    expect((await entries()).map((e) => [e.action, e.actorName, e.ipAddress, e.userAgent, e.createdAt])).toEqual([
      ['user.register', 'Jane Old', '192.0.2.1', 'Browser/1.0', at(1)],
      ['user.update_info', 'Jane New', '192.0.2.1', 'Browser/1.0', at(2)],
      ['user.login', 'Jane New', '192.0.2.1', 'Browser/1.0', at(3)],
    ]);
  });

  it('logs what the table names and nothing else, never a hash or a token', async () => {
    const { append, entries } = await start();
    await append('user-u1', [
      event('UserRegistered', { userId: 'u1', username: 'jane', email: 'j@example.com', name: 'Jane', phone: null, role: 'homeowner', at: at(1) }),
      event('PasswordSet', { passwordHash: 'scrypt$secret-hash', reason: 'registration', at: at(1) }),
      event('EmailVerificationIssued', { tokenHash: 'token-hash-1', expiresAt: at(59), at: at(1) }),
      event('EmailVerified', { at: at(2) }),
      event('PasswordResetIssued', { tokenHash: 'token-hash-2', expiresAt: at(59), at: at(3) }),
      event('PasswordResetCompleted', { tokenHash: 'token-hash-2', at: at(4) }),
      event('PasswordSet', { passwordHash: 'scrypt$reset-hash', reason: 'reset', at: at(4) }),
      event('SessionsEnded', { sessionVersion: 1, at: at(4) }),
      event('PasswordSet', { passwordHash: 'scrypt$changed-hash', reason: 'change', at: at(5) }),
      event('Unrelated', { at: at(6) }),
    ]);
    const logged = await entries();
    // Entries of one instant come in no set order.
    expect(logged.map((e) => e.action).sort()).toEqual([
      'user.email_verified',
      'user.password_change',
      'user.password_reset',
      'user.password_reset_request',
      'user.register',
      'user.verification_mail_sent',
    ]);
    expect(JSON.stringify(logged)).not.toMatch(/hash|token/i);
    // Events recorded without a request (a process, the bootstrap) have no address.
    expect(logged.find((e) => e.action === 'user.register')).toMatchObject({ ipAddress: null, userAgent: null, actorType: 'user', actorId: 'u1', adminId: null });
  });

  it('logs administrators: creation by the system or a super_admin, password changes, deactivation and sign-in', async () => {
    const { append, entries, readStore } = await start();
    await append('admin-root', [
      event('AdminCreated', { adminId: 'root', username: 'admin', name: 'Root', email: 'r@example.com', role: 'super_admin', createdBy: null, at: at(1) }),
      event('AdminPasswordSet', { adminId: 'root', passwordHash: 'scrypt$root', reason: 'creation', setBy: null, sessionVersion: 0, at: at(1) }),
    ]);
    await append('admin-mo', [
      event('AdminCreated', { adminId: 'mo', username: 'moe', name: 'Moe', email: 'm@example.com', role: 'moderator', createdBy: 'root', at: at(2) }, fromBrowser),
      event('AdminPasswordSet', { adminId: 'mo', passwordHash: 'scrypt$mo', reason: 'creation', setBy: 'root', sessionVersion: 0, at: at(2) }, fromBrowser),
    ]);
    await append('admin-mo', [event('AdminSignedIn', { adminId: 'mo', at: at(3) }, fromBrowser)]);
    await append('admin-mo', [event('AdminPasswordSet', { adminId: 'mo', passwordHash: 'scrypt$mo2', reason: 'change', setBy: 'mo', sessionVersion: 1, at: at(4) }, fromBrowser)]);
    await append('admin-mo', [event('AdminDeactivated', { adminId: 'mo', deactivatedBy: 'root', sessionVersion: 2, at: at(5) }, fromBrowser)]);
    expect((await entries()).map((e) => [e.action, e.actorType, e.actorId, e.actorName, e.adminId, e.resourceId])).toEqual([
      ['admin.create', 'system', null, 'System', null, 'root'],
      ['admin.create', 'admin', 'root', 'Root', 'root', 'mo'],
      ['admin.login', 'admin', 'mo', 'Moe', 'mo', 'mo'],
      ['admin.password_set', 'admin', 'mo', 'Moe', 'mo', 'mo'],
      ['admin.deactivate', 'admin', 'root', 'Root', 'root', 'mo'],
    ]);
    const mo = await readStore.collection(ADMIN_USERS).findOne({ _id: 'mo' });
    expect(mo).toMatchObject({ username: 'moe', isActive: false, lastLogin: at(3), sessionVersion: 2, createdBy: 'root' });
    expect(JSON.stringify(await readStore.collection(ADMIN_USERS).find({}))).not.toContain('scrypt');
  });

  it('pushes each new entry to the admins room once, and a rebuild gives the same log without pushing again', async () => {
    const { append, pushes, runner, entries } = await start();
    const position = await append('admin-root', [event('AdminSignedIn', { adminId: 'root', at: at(1) }, fromBrowser)]);
    expect(pushes).toEqual([
      {
        rooms: ['admins'],
        event: 'activity',
        position,
        payload: expect.objectContaining({ id: expect.any(String), action: 'admin.login', ipAddress: '192.0.2.1', createdAt: at(1) }),
      },
    ]);
    expect(Object.keys(pushes[0]?.payload ?? {})).not.toContain('_id');
    const before = await entries();
    await runner.rebuild();
    expect(await entries()).toEqual(before);
    // A rebuild replays the past: nobody is told about it again.
    expect(pushes.map((p) => (p.event === 'activity' ? p.payload.id : p.event))).toEqual([before[0]?._id]);
  });

  it('logs an event delivered twice once, and announces the stored entry both times', async () => {
    // As on two nodes sharing MongoDB: the second finds the entry there, and its sockets must hear of it too.
    const projection = createActivityLogProjection();
    const readStore = createMemoryReadStore();
    await projection.setup?.(readStore);
    const recorded = {
      id: 'e1',
      type: 'AdminSignedIn',
      data: { adminId: 'root', at: at(1) },
      metadata: { ipAddress: '192.0.2.1' },
      streamId: 'admin-root',
      revision: 0,
      position: 1,
      recordedAt: at(1),
    };
    const first = await projection.apply(recorded, readStore);
    const second = await projection.apply(recorded, readStore);
    expect(await readStore.collection(ADMIN_LOGS).countDocuments()).toBe(1);
    expect(second).toEqual(first);
    expect(first).toEqual([{ rooms: ['admins'], event: 'activity', payload: expect.objectContaining({ id: 'e1', action: 'admin.login', ipAddress: '192.0.2.1' }) }]);
  });

  it('names each target as it was at the time, with its email, and shows what changed before → after', async () => {
    const { append, entries } = await start();
    await append('admin-root', [event('AdminCreated', { adminId: 'root', username: 'admin', name: 'Root', email: 'r@example.com', role: 'super_admin', createdBy: null, at: at(1) })]);
    await append('user-u1', [
      event('UserRegistered', { userId: 'u1', username: 'jane', email: 'jane@example.com', name: 'Jane Old', phone: null, role: 'realtor', at: at(2) }),
    ]);
    await append('user-u1', [event('CreditsSetByAdmin', { credits: 26, previousCredits: 30, adminId: 'root', reason: 'goodwill', at: at(3) })]);
    await append('user-u1', [event('InfoUpdated', { name: 'Jane New', phone: '+14165550123', at: at(4) })]);
    await append('property-p1', [
      event('PropertyListed', {
        propertyId: 'p1', ownerId: 'h1', title: 'Sunny House', description: 'Bright', propertyType: 'house', bedrooms: 3, bathrooms: 2,
        address: '1 Main St', location: 'Toronto, ON', images: [], vibeMetrics: null, biddingEndsAt: at(59), minBidAmount: 1, listedAt: at(5),
      }),
    ]);
    await append('user-u1', [event('BidPlaced', { bidId: 'b1', propertyId: 'p1', amount: 5, message: '', at: at(6), balanceAfter: 25 })]);
    await append('property-p1', [
      event('PropertyUpdated', {
        propertyId: 'p1', ownerId: 'h1', title: 'Sunny Villa', description: 'Bright', propertyType: 'house', bedrooms: 4, bathrooms: 2,
        address: '1 Main St', location: 'Toronto, ON', images: [], vibeMetrics: null, at: at(7),
      }),
    ]);
    await append('property-p1', [event('PropertyActivationToggled', { propertyId: 'p1', isActive: false, adminId: 'root', at: at(8) })]);
    await append('verification-u1', [event('VerificationRejected', { verificationId: 'v1', userId: 'u1', adminId: 'root', subject: 'Bill unreadable', message: 'Please scan again', at: at(9) })]);
    const shown = (await entries()).map((e) => [e.action, e.targetName, e.targetEmail, e.changes.map((c) => `${c.field}: ${String(c.before)} → ${String(c.after)}`)]);
    expect(shown).toEqual([
      ['admin.create', 'Root', 'r@example.com', []],
      ['user.register', 'Jane Old', 'jane@example.com', []],
      ['user.credits_set', 'Jane Old', 'jane@example.com', ['credits: 30 → 26']],
      ['user.update_info', 'Jane New', 'jane@example.com', ['name: Jane Old → Jane New', 'phone: null → +14165550123']],
      ['property.create', 'Sunny House', null, []],
      // A bid names the listing it is on, and the credit it spent.
      ['bid.place', 'Sunny House', null, ['credits: 26 → 25']],
      ['property.update', 'Sunny Villa', null, ['title: Sunny House → Sunny Villa', 'bedrooms: 3 → 4']],
      ['property.toggle', 'Sunny Villa', null, ['active: true → false']],
      ['verification.reject', 'Jane New', 'jane@example.com', ['status: pending → rejected', 'subject: null → Bill unreadable']],
    ]);
  });

  it('logs failed sign-ins, sign-outs, bills opened and exports, with the name that was tried when nobody owns it', async () => {
    const { append, entries } = await start();
    await append('admin-root', [event('AdminCreated', { adminId: 'root', username: 'admin', name: 'Root', email: 'r@example.com', role: 'super_admin', createdBy: null, at: at(1) })]);
    await append('user-u1', [event('UserRegistered', { userId: 'u1', username: 'jane', email: 'jane@example.com', name: 'Jane', phone: null, role: 'homeowner', at: at(2) })]);
    await append('audit-user-u1', [event('SignInFailed', { kind: 'user', accountId: 'u1', identifier: 'jane', reason: 'wrong_password', at: at(3) }, fromBrowser)]);
    await append('audit-admin-unknown', [event('SignInFailed', { kind: 'admin', accountId: null, identifier: 'mallory@example.com', reason: 'unknown_account', at: at(4) }, fromBrowser)]);
    await append('sessions-user-u1', [event('SessionEnded', { kind: 'user', subject: 'u1', sessionId: 's1', expiresAt: at(59), at: at(5) }, fromBrowser)]);
    await append('audit-admin-root', [event('VerificationDocumentOpened', { adminId: 'root', verificationId: 'v1', userId: 'u1', at: at(6) }, fromBrowser)]);
    await append('audit-admin-root', [event('DataExported', { adminId: 'root', export: 'prospects', filters: { search: 'x' }, rows: 3, at: at(7) }, fromBrowser)]);
    const logged = (await entries()).slice(2);
    expect(logged.map((e) => [e.action, e.actorType, e.actorName, e.resourceType, e.resourceId, e.targetName, e.targetEmail, e.ipAddress])).toEqual([
      ['user.login_failed', 'system', 'System', 'user', 'u1', 'Jane', 'jane@example.com', '192.0.2.1'],
      ['admin.login_failed', 'system', 'System', 'admin', null, 'mallory@example.com', 'mallory@example.com', '192.0.2.1'],
      ['user.logout', 'user', 'Jane', 'user', 'u1', 'Jane', 'jane@example.com', '192.0.2.1'],
      ['verification.document_view', 'admin', 'Root', 'verification', 'v1', 'Jane', 'jane@example.com', '192.0.2.1'],
      ['prospect.export', 'admin', 'Root', 'export', null, 'Prospects CSV', null, '192.0.2.1'],
    ]);
    expect(logged[0]?.details).toEqual({ identifier: 'jane', reason: 'wrong_password' });
    expect(logged[4]?.details).toEqual({ filters: { search: 'x' }, rows: 3 });
  });

  it('takes new rows from the one mapping table', async () => {
    const table = {
      // A later context's row, as it would add one.
      EmailVerified: { entry: () => ({ actorType: 'system', actorId: null, action: 'file.upload', resourceType: 'file', resourceId: 't1', details: { n: 1 } }) },
    } as ActivityTable;
    const { append, entries } = await start([createActivityLogProjection(table)]);
    await append('user-u1', [event('EmailVerified', { at: at(1) })]);
    expect(await entries()).toEqual([expect.objectContaining({ action: 'file.upload', resourceType: 'file', resourceId: 't1', details: { n: 1 } })]);
  });
});
