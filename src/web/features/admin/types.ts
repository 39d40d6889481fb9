import type { AdminView, CreatableAdminRole } from '../../../contract/admins';

// The admin API's answers (spec sections 3 and 7), as the portal reads them.

export type Admin = AdminView;

export type DashboardStats = {
  totalUsers: number;
  totalProperties: number;
  totalBids: number;
  /** Cents. */
  totalRevenue: number;
  recentActivity: Array<{ id: string; action: string; resourceType: string; createdAt: string }>;
};

export type ManagedUser = {
  id: string;
  username: string;
  name: string;
  email: string;
  phone: string | null;
  role: 'homeowner' | 'realtor';
  credits: number;
  emailVerified: boolean;
  isVerified: boolean;
  /** The homeowner's utility bill: none sent, pending review, approved or rejected. */
  verificationStatus: 'none' | 'pending' | 'approved' | 'rejected';
  createdAt: string;
};

/** `expectedCredits`: the balance the dialog showed; the server refuses with 409 when it has moved. */
export type UserUpdate = { credits?: number; expectedCredits?: number; reason?: string; password?: string };

export type NewAdmin = {
  username: string;
  password: string;
  name: string;
  email: string;
  role: CreatableAdminRole;
};
