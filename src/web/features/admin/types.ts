import type { AdminView, CreatableAdminRole } from '../../../contract/admin/admins';

// The admin API's answers (spec sections 3 and 7), as the portal reads them.

export type Admin = AdminView;

/** `expectedCredits`: the balance the dialog showed; the server refuses with 409 when it has moved. */
export type UserUpdate = { credits?: number; expectedCredits?: number; reason?: string; password?: string };

export type NewAdmin = {
  username: string;
  password: string;
  name: string;
  email: string;
  role: CreatableAdminRole;
};
