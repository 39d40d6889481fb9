import type { Brand } from '../shared/decider';
import type { AdminRole } from '../../contract/admin/admins';

export type AdminId = Brand<string, 'AdminId'>;

/** Marks a string as an administrator id (from a route parameter, a session or a new UUID). */
export function toAdminId(value: string): AdminId {
  return value as AdminId;
}

/** Every administrator has its own stream, apart from users' streams. */
export const adminStreamId = (adminId: string) => `admin-${adminId}`;

export type AdminEvent =
  | {
      type: 'AdminCreated';
      data: {
        adminId: AdminId;
        username: string;
        name: string;
        email: string;
        role: AdminRole;
        /** The super_admin who created it; null for the one created at the first boot. */
        createdBy: AdminId | null;
        at: string;
      };
    }
  | {
      /**
       * The only event that holds a password hash, so read models that copy
       * other events' data never pick one up.
       */
      type: 'AdminPasswordSet';
      data: {
        adminId: AdminId;
        passwordHash: string;
        /** 'creation' for the first password, which no session predates. */
        reason: 'creation' | 'change';
        setBy: AdminId | null;
        /** Sessions issued under an older version end. */
        sessionVersion: number;
        at: string;
      };
    }
  | { type: 'AdminDeactivated'; data: { adminId: AdminId; deactivatedBy: AdminId; sessionVersion: number; at: string } }
  /** Signs in again with the password it had; sessions from before the deactivation stay ended. */
  | { type: 'AdminReactivated'; data: { adminId: AdminId; reactivatedBy: AdminId; at: string } }
  | { type: 'AdminSignedIn'; data: { adminId: AdminId; at: string } };

export type AdminEventType = AdminEvent['type'];

export const ADMIN_EVENT_TYPES = ['AdminCreated', 'AdminPasswordSet', 'AdminDeactivated', 'AdminReactivated', 'AdminSignedIn'] as const satisfies ReadonlyArray<
  AdminEvent['type']
>;

/** Narrows a stored event of any stream to an administrator event. */
export function isAdminEvent<E extends { type: string; data: unknown }>(event: E): event is E & AdminEvent {
  return (ADMIN_EVENT_TYPES as readonly string[]).includes(event.type);
}
