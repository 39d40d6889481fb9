import { assertNever } from '../shared/decider';
import type { AdminEvent, AdminId } from './events';
import type { AdminRole } from '../../contract/admin/admins';

interface ExistingAdmin {
  adminId: AdminId;
  role: AdminRole;
  passwordHash: string | null;
  sessionVersion: number;
}

export type AdminState =
  | { status: 'none' }
  | ({ status: 'active' } & ExistingAdmin)
  | ({ status: 'deactivated' } & ExistingAdmin);

export const initialAdminState: AdminState = { status: 'none' };

export function evolveAdmin(state: AdminState, event: AdminEvent): AdminState {
  switch (event.type) {
    case 'AdminCreated':
      return { status: 'active', adminId: event.data.adminId, role: event.data.role, passwordHash: null, sessionVersion: 0 };
    case 'AdminPasswordSet':
      if (state.status === 'none') return state;
      return { ...state, passwordHash: event.data.passwordHash, sessionVersion: event.data.sessionVersion };
    case 'AdminDeactivated':
      if (state.status === 'none') return state;
      return { ...state, status: 'deactivated', sessionVersion: event.data.sessionVersion };
    case 'AdminReactivated':
      return state.status === 'deactivated' ? { ...state, status: 'active' } : state;
    case 'AdminSignedIn':
      return state;
    default:
      return assertNever(event);
  }
}
