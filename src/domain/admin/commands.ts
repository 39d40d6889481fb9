import type { AdminId } from './events';
import type { AdminRole } from '../../contract/admin/admins';

/** Who asks: the signed-in administrator, as their session says. */
export interface AdminActor {
  id: AdminId;
  role: AdminRole;
}

export type AdminCommand =
  | {
      type: 'CreateAdmin';
      adminId: AdminId;
      username: string;
      name: string;
      email: string;
      role: AdminRole;
      /** Created with its first password in one append, so no admin exists without one. */
      passwordHash: string;
      actor: AdminActor;
      at: string;
    }
  | {
      /** The first super_admin, created at the first boot (src/http/admin-bootstrap.ts) and by no route. */
      type: 'BootstrapSuperAdmin';
      adminId: AdminId;
      username: string;
      name: string;
      email: string;
      passwordHash: string;
      at: string;
    }
  | { type: 'SetAdminPassword'; passwordHash: string; actor: AdminActor; at: string }
  | { type: 'DeactivateAdmin'; actor: AdminActor; at: string }
  | { type: 'ReactivateAdmin'; actor: AdminActor; at: string }
  | { type: 'RecordAdminSignIn'; at: string };
