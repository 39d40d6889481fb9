import { describe, it } from 'vitest';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../shared/errors';
import { given } from '../shared/given-when-then';
import type { AdminActor } from './commands';
import { ADMIN_DEACTIVATED, ADMIN_NOT_FOUND, adminDecider } from './decide';
import type { AdminEvent } from './events';
import { toAdminId } from './events';

const at = '2026-11-22T10:00:00.000Z';
const later = '2026-11-22T11:00:00.000Z';
const rootId = toAdminId('root');
const modId = toAdminId('mod-1');
const root: AdminActor = { id: rootId, role: 'super_admin' };
const otherAdmin: AdminActor = { id: toAdminId('adm-2'), role: 'admin' };
const moderatorSelf: AdminActor = { id: modId, role: 'moderator' };

const created: AdminEvent[] = [
  { type: 'AdminCreated', data: { adminId: modId, username: 'mod', name: 'Mo Derator', email: 'mod@example.com', role: 'moderator', createdBy: rootId, at } },
  { type: 'AdminPasswordSet', data: { adminId: modId, passwordHash: 'hash-1', reason: 'creation', setBy: rootId, sessionVersion: 0, at } },
];
const deactivated: AdminEvent[] = [
  ...created,
  { type: 'AdminDeactivated', data: { adminId: modId, deactivatedBy: rootId, sessionVersion: 1, at: later } },
];

const create = (actor: AdminActor, role: 'super_admin' | 'admin' | 'moderator' = 'moderator') =>
  ({ type: 'CreateAdmin', adminId: modId, username: 'mod', name: 'Mo Derator', email: 'mod@example.com', role, passwordHash: 'hash-1', actor, at }) as const;

describe('CreateAdmin', () => {
  it('creates the administrator with its first password in one append', () => {
    given(adminDecider).when(create(root)).then(created);
  });

  it('is refused to anyone but a super_admin', () => {
    given(adminDecider).when(create(otherAdmin)).thenThrows(ForbiddenError, 'Only a super admin can create administrators');
    given(adminDecider).when(create(moderatorSelf)).thenThrows(ForbiddenError);
  });

  it('never makes a super_admin', () => {
    given(adminDecider).when(create(root, 'super_admin')).thenThrows(ValidationError, 'Role must be admin or moderator');
  });

  it('is refused when the administrator exists', () => {
    given(adminDecider, created).when(create(root)).thenThrows(ConflictError, 'Administrator already exists');
  });
});

describe('BootstrapSuperAdmin', () => {
  const bootstrap = { type: 'BootstrapSuperAdmin', adminId: rootId, username: 'admin', name: 'Administrator', email: 'admin@example.com', passwordHash: 'h', at } as const;

  it('creates a super_admin created by nobody, with its password', () => {
    given(adminDecider)
      .when(bootstrap)
      .then([
        { type: 'AdminCreated', data: { adminId: rootId, username: 'admin', name: 'Administrator', email: 'admin@example.com', role: 'super_admin', createdBy: null, at } },
        { type: 'AdminPasswordSet', data: { adminId: rootId, passwordHash: 'h', reason: 'creation', setBy: null, sessionVersion: 0, at } },
      ]);
  });

  it('is refused when the administrator exists', () => {
    given(adminDecider, created).when(bootstrap).thenThrows(ConflictError, 'Administrator already exists');
  });
});

describe('SetAdminPassword', () => {
  const setPassword = (actor: AdminActor) => ({ type: 'SetAdminPassword', passwordHash: 'hash-2', actor, at: later }) as const;
  const changedBy = (setBy: AdminActor['id']): AdminEvent[] => [
    { type: 'AdminPasswordSet', data: { adminId: modId, passwordHash: 'hash-2', reason: 'change', setBy, sessionVersion: 1, at: later } },
  ];

  it('lets a super_admin set it and raises the session version, ending older sessions', () => {
    given(adminDecider, created).when(setPassword(root)).then(changedBy(rootId));
  });

  it('lets the administrator set their own', () => {
    given(adminDecider, created).when(setPassword(moderatorSelf)).then(changedBy(modId));
  });

  it('raises the version again on every change', () => {
    given(adminDecider, [...created, ...changedBy(rootId)])
      .when(setPassword(root))
      .then([{ type: 'AdminPasswordSet', data: { adminId: modId, passwordHash: 'hash-2', reason: 'change', setBy: rootId, sessionVersion: 2, at: later } }]);
  });

  it("is refused for another administrator's password unless a super_admin asks", () => {
    given(adminDecider, created).when(setPassword(otherAdmin)).thenThrows(ForbiddenError, "Only a super admin can change another administrator's password");
  });

  it('is refused for an unknown or a deactivated administrator', () => {
    given(adminDecider).when(setPassword(root)).thenThrows(NotFoundError, ADMIN_NOT_FOUND);
    given(adminDecider, deactivated).when(setPassword(root)).thenThrows(ConflictError, ADMIN_DEACTIVATED);
  });
});

describe('DeactivateAdmin', () => {
  it('deactivates and raises the session version, ending its sessions', () => {
    given(adminDecider, created)
      .when({ type: 'DeactivateAdmin', actor: root, at: later })
      .then([{ type: 'AdminDeactivated', data: { adminId: modId, deactivatedBy: rootId, sessionVersion: 1, at: later } }]);
  });

  it('is refused to anyone but a super_admin, the administrator included', () => {
    given(adminDecider, created).when({ type: 'DeactivateAdmin', actor: otherAdmin, at }).thenThrows(ForbiddenError, 'Only a super admin can deactivate administrators');
    given(adminDecider, created).when({ type: 'DeactivateAdmin', actor: moderatorSelf, at }).thenThrows(ForbiddenError);
  });

  it('is refused on oneself', () => {
    const rootCreated: AdminEvent[] = [
      { type: 'AdminCreated', data: { adminId: rootId, username: 'admin', name: 'A', email: 'a@example.com', role: 'super_admin', createdBy: null, at } },
    ];
    given(adminDecider, rootCreated).when({ type: 'DeactivateAdmin', actor: root, at }).thenThrows(ForbiddenError, 'You cannot deactivate your own account');
  });

  it('is refused for an unknown administrator', () => {
    given(adminDecider).when({ type: 'DeactivateAdmin', actor: root, at }).thenThrows(NotFoundError, ADMIN_NOT_FOUND);
  });

  it('decides nothing when already deactivated, so a retry is harmless', () => {
    given(adminDecider, deactivated).when({ type: 'DeactivateAdmin', actor: root, at }).then([]);
  });
});

describe('ReactivateAdmin', () => {
  const reactivated: AdminEvent = { type: 'AdminReactivated', data: { adminId: modId, reactivatedBy: rootId, at: later } };

  it('reactivates a deactivated administrator, who can sign in again', () => {
    given(adminDecider, deactivated).when({ type: 'ReactivateAdmin', actor: root, at: later }).then([reactivated]);
    given(adminDecider, [...deactivated, reactivated]).when({ type: 'RecordAdminSignIn', at: later }).then([{ type: 'AdminSignedIn', data: { adminId: modId, at: later } }]);
  });

  it('keeps the raised session version, so sessions from before the deactivation stay ended', () => {
    given(adminDecider, [...deactivated, reactivated])
      .when({ type: 'SetAdminPassword', passwordHash: 'hash-2', actor: root, at: later })
      .then([{ type: 'AdminPasswordSet', data: { adminId: modId, passwordHash: 'hash-2', reason: 'change', setBy: rootId, sessionVersion: 2, at: later } }]);
  });

  it('is refused to anyone but a super_admin', () => {
    given(adminDecider, deactivated).when({ type: 'ReactivateAdmin', actor: otherAdmin, at }).thenThrows(ForbiddenError, 'Only a super admin can reactivate administrators');
  });

  it('is refused for an unknown administrator', () => {
    given(adminDecider).when({ type: 'ReactivateAdmin', actor: root, at }).thenThrows(NotFoundError, ADMIN_NOT_FOUND);
  });

  it('decides nothing for an active administrator, so a retry is harmless', () => {
    given(adminDecider, created).when({ type: 'ReactivateAdmin', actor: root, at }).then([]);
    given(adminDecider, [...deactivated, reactivated]).when({ type: 'ReactivateAdmin', actor: root, at }).then([]);
  });
});

describe('RecordAdminSignIn', () => {
  it('records the sign-in', () => {
    given(adminDecider, created).when({ type: 'RecordAdminSignIn', at: later }).then([{ type: 'AdminSignedIn', data: { adminId: modId, at: later } }]);
  });

  it('is refused for a deactivated or unknown administrator', () => {
    given(adminDecider, deactivated).when({ type: 'RecordAdminSignIn', at: later }).thenThrows(ConflictError, ADMIN_DEACTIVATED);
    given(adminDecider).when({ type: 'RecordAdminSignIn', at: later }).thenThrows(NotFoundError, ADMIN_NOT_FOUND);
  });
});
