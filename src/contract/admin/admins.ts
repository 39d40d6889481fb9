import { z } from 'zod';
import type { UserRole } from '../accounts/accounts';

/*
 * Input rules for the admin portal, with the spec's messages (SPEC §5 Admin).
 * Pure zod and no I/O: the server validates requests with these and the admin
 * screens validate their forms with the same schemas. Checks are listed in rule
 * order and object keys in form order, because the first failing rule is shown.
 */

export const ADMIN_ROLES = ['super_admin', 'admin', 'moderator'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** The roles a super_admin can give; super_admin itself comes only from the first boot. */
export const CREATABLE_ADMIN_ROLES = ['admin', 'moderator'] as const;
export type CreatableAdminRole = (typeof CREATABLE_ADMIN_ROLES)[number];

export const ADMIN_PASSWORD_MIN_LENGTH = 6;
export const ADMIN_PASSWORD_MESSAGE = 'Password must be at least 6 characters long';
/** The spec sets no upper limit; this one keeps hashing cheap (the same as users', src/contract/accounts/accounts.ts). */
export const ADMIN_PASSWORD_MAX = 1024;
const PASSWORD_TOO_LONG = `Password must be less than ${ADMIN_PASSWORD_MAX} characters`;

const USERNAME_CHARS = /^[A-Za-z0-9_-]+$/;

/** An administrator's new password: creation, and edits of an admin's or a user's password. */
export const adminPasswordSchema = z
  .string({ error: 'Password is required' })
  .max(ADMIN_PASSWORD_MAX, PASSWORD_TOO_LONG)
  .min(1, 'Password is required')
  .min(ADMIN_PASSWORD_MIN_LENGTH, ADMIN_PASSWORD_MESSAGE);

export const adminLoginSchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().max(50, 'Username must be less than 50 characters').min(1, 'Username is required'),
  password: z.string({ error: 'Password is required' }).max(ADMIN_PASSWORD_MAX, PASSWORD_TOO_LONG).min(1, 'Password is required'),
});
export type AdminLoginInput = z.input<typeof adminLoginSchema>;

export const createAdminSchema = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    // The length aborts the field's checks, so the pattern never reads a long input (docs/decisions/0021).
    .max(50, { error: 'Username must be less than 50 characters', abort: true })
    .min(1, 'Username is required')
    .min(3, 'Username must be at least 3 characters')
    .regex(USERNAME_CHARS, 'Username can only contain letters, numbers, underscores, and dashes'),
  password: adminPasswordSchema,
  name: z.string({ error: 'Name is required' }).trim().max(100, 'Name must be less than 100 characters').min(1, 'Name is required'),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .max(255, { error: 'Email must be less than 255 characters', abort: true })
    .min(1, 'Email is required')
    .pipe(z.email('Invalid email format')),
  role: z.enum(CREATABLE_ADMIN_ROLES, { error: 'Role must be admin or moderator' }),
});
export type CreateAdminInput = z.input<typeof createAdminSchema>;
export type CreateAdminData = z.output<typeof createAdminSchema>;

export const setAdminPasswordSchema = z.object({ password: adminPasswordSchema });
export type SetAdminPasswordInput = z.input<typeof setAdminPasswordSchema>;

const CREDITS_MESSAGE = 'Credits must be a whole number of at least 0';
export const CREDIT_REASON_MAX = 200;
const CREDIT_REASON_MESSAGE = `Reason must be at most ${CREDIT_REASON_MAX} characters`;

/** '', null or a missing field: the admin left the field empty, which means "no change". */
const emptyToUndefined = (value: unknown) => (value === null || value === '' ? undefined : value);

/**
 * What an administrator may change on a user (PUT /api/admin/users/{userId}).
 * Credits arrive as typed in a text field or as a number, and are parsed as an
 * integer of at least 0; an empty field means no change.
 */
export const adminUserUpdateSchema = z.object({
  credits: z.preprocess(
    // A credits field holding only spaces is empty too; a password of spaces is a password.
    (value) => emptyToUndefined(typeof value === 'string' ? value.trim() : value),
    z
      .union([z.number(), z.string().trim().max(20, { error: CREDITS_MESSAGE, abort: true }).regex(/^\d+$/, CREDITS_MESSAGE).transform(Number)], {
        error: CREDITS_MESSAGE,
      })
      .pipe(z.number().int(CREDITS_MESSAGE).min(0, CREDITS_MESSAGE).max(Number.MAX_SAFE_INTEGER, CREDITS_MESSAGE))
      .optional(),
  ),
  password: z.preprocess(
    emptyToUndefined,
    z.string({ error: ADMIN_PASSWORD_MESSAGE }).max(ADMIN_PASSWORD_MAX, PASSWORD_TOO_LONG).min(ADMIN_PASSWORD_MIN_LENGTH, ADMIN_PASSWORD_MESSAGE).optional(),
  ),
  /** The balance the administrator saw: when it has moved since, 409 and no change. */
  expectedCredits: z.number({ error: CREDITS_MESSAGE }).int(CREDITS_MESSAGE).min(0, CREDITS_MESSAGE).max(Number.MAX_SAFE_INTEGER, CREDITS_MESSAGE).optional(),
  /** Why the balance changes; the realtor's credit statement shows it. */
  reason: z.preprocess(
    (value) => emptyToUndefined(typeof value === 'string' ? value.trim() : value),
    z.string({ error: CREDIT_REASON_MESSAGE }).max(CREDIT_REASON_MAX, CREDIT_REASON_MESSAGE).optional(),
  ),
});
export type AdminUserUpdateInput = z.input<typeof adminUserUpdateSchema>;
export type AdminUserUpdateData = z.output<typeof adminUserUpdateSchema>;

/** An administrator as the API shows it: never the hash, the session version or lookup fields. */
export interface AdminView {
  id: string;
  username: string;
  name: string;
  email: string;
  role: AdminRole;
  isActive: boolean;
  lastLogin: string | null;
  createdAt: string;
  createdBy: string | null;
}

/** GET /api/admin/dashboard: the back office's overview. */
export interface AdminDashboardJson {
  totalUsers: number;
  totalProperties: number;
  totalBids: number;
  /** What succeeded payments took, in cents. */
  totalRevenue: number;
  /** The latest entries of the activity log, newest first. */
  recentActivity: Array<{ id: string; action: string; resourceType: string; createdAt: string }>;
}

/** A user as the back office sees one (GET /api/admin/users, PUT and GET …/{userId}): no hash, token or session version. */
export interface ManagedUserView {
  id: string;
  username: string;
  name: string;
  email: string;
  phone: string | null;
  role: UserRole;
  credits: number;
  emailVerified: boolean;
  isVerified: boolean;
  /** The homeowner's utility bill: none submitted, pending review, approved or rejected. */
  verificationStatus: 'none' | 'pending' | 'approved' | 'rejected';
  createdAt: string;
}
