import type { Decider } from '../shared/decider';
import { assertNever } from '../shared/decider';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../shared/errors';
import type { AdminState } from './admin';
import { evolveAdmin, initialAdminState } from './admin';
import type { AdminActor, AdminCommand } from './commands';
import type { AdminEvent } from './events';
import { CREATABLE_ADMIN_ROLES } from '../../contract/admin/admins';

export const ADMIN_NOT_FOUND = 'Administrator not found';
export const ADMIN_DEACTIVATED = 'Administrator is deactivated';

export function decideAdmin(command: AdminCommand, state: AdminState): AdminEvent[] {
  switch (command.type) {
    case 'CreateAdmin': {
      requireSuperAdmin(command.actor, 'Only a super admin can create administrators');
      if (!(CREATABLE_ADMIN_ROLES as readonly string[]).includes(command.role)) {
        throw new ValidationError('Role must be admin or moderator', { role: 'Role must be admin or moderator' });
      }
      if (state.status !== 'none') throw new ConflictError('Administrator already exists');
      const { adminId, username, name, email, role, passwordHash, at } = command;
      return [
        { type: 'AdminCreated', data: { adminId, username, name, email, role, createdBy: command.actor.id, at } },
        { type: 'AdminPasswordSet', data: { adminId, passwordHash, reason: 'creation', setBy: command.actor.id, sessionVersion: 0, at } },
      ];
    }
    case 'BootstrapSuperAdmin': {
      if (state.status !== 'none') throw new ConflictError('Administrator already exists');
      const { adminId, username, name, email, passwordHash, at } = command;
      return [
        { type: 'AdminCreated', data: { adminId, username, name, email, role: 'super_admin', createdBy: null, at } },
        { type: 'AdminPasswordSet', data: { adminId, passwordHash, reason: 'creation', setBy: null, sessionVersion: 0, at } },
      ];
    }
    case 'SetAdminPassword': {
      const admin = requireActive(state);
      if (command.actor.role !== 'super_admin' && command.actor.id !== admin.adminId) {
        throw new ForbiddenError("Only a super admin can change another administrator's password");
      }
      return [
        {
          type: 'AdminPasswordSet',
          data: {
            adminId: admin.adminId,
            passwordHash: command.passwordHash,
            reason: 'change',
            setBy: command.actor.id,
            sessionVersion: admin.sessionVersion + 1,
            at: command.at,
          },
        },
      ];
    }
    case 'DeactivateAdmin': {
      requireSuperAdmin(command.actor, 'Only a super admin can deactivate administrators');
      if (state.status === 'none') throw new NotFoundError(ADMIN_NOT_FOUND);
      // Without this, the last super_admin could lock everyone out of the back office.
      if (command.actor.id === state.adminId) throw new ForbiddenError('You cannot deactivate your own account');
      if (state.status === 'deactivated') return [];
      return [
        {
          type: 'AdminDeactivated',
          data: { adminId: state.adminId, deactivatedBy: command.actor.id, sessionVersion: state.sessionVersion + 1, at: command.at },
        },
      ];
    }
    case 'ReactivateAdmin': {
      requireSuperAdmin(command.actor, 'Only a super admin can reactivate administrators');
      if (state.status === 'none') throw new NotFoundError(ADMIN_NOT_FOUND);
      // Reactivating an active administrator (a double click) decides nothing.
      if (state.status === 'active') return [];
      return [{ type: 'AdminReactivated', data: { adminId: state.adminId, reactivatedBy: command.actor.id, at: command.at } }];
    }
    case 'RecordAdminSignIn': {
      const admin = requireActive(state);
      return [{ type: 'AdminSignedIn', data: { adminId: admin.adminId, at: command.at } }];
    }
    default:
      return assertNever(command);
  }
}

function requireSuperAdmin(actor: AdminActor, message: string): void {
  if (actor.role !== 'super_admin') throw new ForbiddenError(message);
}

function requireActive(state: AdminState): Extract<AdminState, { status: 'active' }> {
  if (state.status === 'none') throw new NotFoundError(ADMIN_NOT_FOUND);
  if (state.status === 'deactivated') throw new ConflictError(ADMIN_DEACTIVATED);
  return state;
}

/** One administrator's stream (`admin-{adminId}`). */
export const adminDecider: Decider<AdminCommand, AdminState, AdminEvent> = {
  initialState: initialAdminState,
  evolve: evolveAdmin,
  decide: decideAdmin,
};
