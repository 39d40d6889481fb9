import type { Decider } from '../shared/decider';
import { assertNever } from '../shared/decider';
import { ConflictError } from '../shared/errors';
import type { AdminId } from './events';

/**
 * The fixed stream that decides which node creates the first super_admin.
 * Its first append expects "no stream", so of two nodes booting at once only
 * one wins the claim.
 */
export const ADMIN_BOOTSTRAP_STREAM = 'admin-bootstrap';

export type BootstrapCommand = {
  type: 'ClaimAdminBootstrap';
  adminId: AdminId;
  at: string;
  /**
   * How long a claim holds. A node that died between the claim and the
   * creation leaves a stale claim, which a later boot takes over (keeping the
   * claimed id, so what the dead node reserved is reused).
   */
  leaseMs: number;
};

export type BootstrapEvent = { type: 'AdminBootstrapClaimed'; data: { adminId: AdminId; at: string } };

export type BootstrapState = { status: 'unclaimed' } | { status: 'claimed'; adminId: AdminId; claimedAt: string };

export const BOOTSTRAP_IN_PROGRESS = 'Administrator bootstrap is in progress on another node';

export const adminBootstrapDecider: Decider<BootstrapCommand, BootstrapState, BootstrapEvent> = {
  initialState: { status: 'unclaimed' },
  evolve(_state, event) {
    switch (event.type) {
      case 'AdminBootstrapClaimed':
        return { status: 'claimed', adminId: event.data.adminId, claimedAt: event.data.at };
      default:
        return assertNever(event.type);
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'ClaimAdminBootstrap': {
        if (state.status === 'unclaimed') return [{ type: 'AdminBootstrapClaimed', data: { adminId: command.adminId, at: command.at } }];
        if (Date.parse(command.at) - Date.parse(state.claimedAt) < command.leaseMs) throw new ConflictError(BOOTSTRAP_IN_PROGRESS);
        return [{ type: 'AdminBootstrapClaimed', data: { adminId: state.adminId, at: command.at } }];
      }
      default:
        return assertNever(command.type);
    }
  },
};
