import { z } from 'zod';

/*
 * Input rules for accounts, with the spec's messages (SPEC §5). Pure zod and no
 * I/O: the server validates requests with these and the browser validates forms
 * with the same schemas, so both show the same message for the same mistake.
 * Checks are listed in the spec's rule order, and object keys in its field order,
 * because the first failing rule is the one shown.
 */

export const USER_ROLES = ['homeowner', 'realtor'] as const;
export type UserRole = (typeof USER_ROLES)[number];

const USERNAME_CHARS = /^[A-Za-z0-9_-]+$/;
// Letters of any script (José, Zoë), spaces, hyphens and apostrophes (straight or typographic).
const NAME_CHARS = /^[\p{L}\p{M} '’-]+$/u;
// International format: optional plus, 2 to 15 digits, not starting with 0.
const PHONE_FORMAT = /^\+?[1-9]\d{1,14}$/;

/**
 * The most characters a password may have. The spec sets no upper limit; this
 * one is far above any passphrase and keeps hashing and the rule checks cheap.
 */
export const PASSWORD_MAX = 1024;
export const PASSWORD_TOO_LONG = `Password must be less than ${PASSWORD_MAX} characters`;
export const INVALID_RESET_TOKEN = 'Invalid or expired reset token';

/** The hint the reset-password screen shows under the password field. */
export const PASSWORD_HINT = 'Must include uppercase, lowercase, and numbers';

/** The registration password rules in order, for a live checklist beside the field. */
export const passwordRules: ReadonlyArray<{ message: string; test: (password: string) => boolean }> = [
  { message: 'Password must be at least 8 characters', test: (p) => p.length >= 8 },
  { message: 'Password must contain at least one uppercase letter', test: (p) => /[A-Z]/.test(p) },
  { message: 'Password must contain at least one lowercase letter', test: (p) => /[a-z]/.test(p) },
  { message: 'Password must contain at least one number', test: (p) => /\d/.test(p) },
];

export const usernameSchema = z
  .string({ error: 'Username must be at least 3 characters' })
  // Each length limit aborts the field's checks, so no pattern ever reads a long input (docs/decisions/0021).
  .max(50, { error: 'Username must be less than 50 characters', abort: true })
  .min(3, 'Username must be at least 3 characters')
  .regex(USERNAME_CHARS, 'Username can only contain letters, numbers, underscores, and dashes');

export const passwordSchema = passwordRules.reduce(
  (schema, rule) => schema.refine(rule.test, rule.message),
  z.string({ error: 'Password must be at least 8 characters' }).max(PASSWORD_MAX, { error: PASSWORD_TOO_LONG, abort: true }),
);

export const emailSchema = z
  .string({ error: 'Invalid email format' })
  .trim()
  .max(255, { error: 'Email must be less than 255 characters', abort: true })
  .pipe(z.email('Invalid email format'));

const PHONE_MESSAGE = 'Invalid phone number format. Use international format: +1234567890';

/** Optional: '', null or a missing field all mean "no phone" (undefined). */
export const phoneSchema = z
  .preprocess(
    (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
    z.string({ error: PHONE_MESSAGE }).trim().max(20, { error: PHONE_MESSAGE, abort: true }).regex(PHONE_FORMAT, PHONE_MESSAGE).optional(),
  )
  .optional();

export const nameSchema = z
  .string({ error: 'Name must be at least 2 characters' })
  .trim()
  .max(100, { error: 'Name must be less than 100 characters', abort: true })
  .min(2, 'Name must be at least 2 characters')
  .regex(NAME_CHARS, 'Name can only contain letters, spaces, hyphens, and apostrophes');

export const registerSchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
  email: emailSchema,
  phone: phoneSchema,
  name: nameSchema,
  role: z.enum(USER_ROLES, { error: 'Role must be homeowner or realtor' }).default('homeowner'),
});
export type RegisterInput = z.input<typeof registerSchema>;
export type RegisterData = z.output<typeof registerSchema>;

const LOGIN_IDENTIFIER_MESSAGE = 'Enter a valid username (letters, numbers, underscores, dashes) or email address';

export const loginSchema = z.object({
  username: z
    .string({ error: 'Username or email is required' })
    .trim()
    // No account has a longer username (50) or email (255).
    .max(255, { error: LOGIN_IDENTIFIER_MESSAGE, abort: true })
    .min(1, 'Username or email is required')
    .refine(
      (value) => (value.includes('@') ? z.email().safeParse(value).success : value.length >= 3 && value.length <= 50 && USERNAME_CHARS.test(value)),
      LOGIN_IDENTIFIER_MESSAGE,
    ),
  password: z.string({ error: 'Password is required' }).max(PASSWORD_MAX, PASSWORD_TOO_LONG).min(1, 'Password is required'),
  redirectTo: z.string().max(2048).optional(),
});
export type LoginInput = z.input<typeof loginSchema>;
export type LoginData = z.output<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;
export type ForgotPasswordData = z.output<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({
  // Tokens are 43 characters (src/http/platform/passwords.ts); a longer one cannot be ours.
  token: z.string({ error: 'Token is required' }).max(256, INVALID_RESET_TOKEN).min(1, 'Token is required'),
  password: passwordSchema,
});
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;
export type ResetPasswordData = z.output<typeof resetPasswordSchema>;

export const CHANGE_PASSWORD_MIN_LENGTH = 6;
const newPasswordSchema = z
  .string({ error: 'New password is required' })
  .max(PASSWORD_MAX, PASSWORD_TOO_LONG)
  .min(1, 'New password is required')
  .min(CHANGE_PASSWORD_MIN_LENGTH, 'Password must be at least 6 characters long');

/** What PUT /api/user/change-password accepts. */
export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).max(PASSWORD_MAX, PASSWORD_TOO_LONG).min(1, 'Current password is required'),
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
export type ChangePasswordData = z.output<typeof changePasswordSchema>;

/** The change-password form: the same fields plus the confirmation, which never leaves the browser. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string({ error: 'Confirm password is required' }).max(PASSWORD_MAX, PASSWORD_TOO_LONG).min(1, 'Confirm password is required') })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: "New password and confirmation don't match.",
    path: ['confirmPassword'],
  });
export type ChangePasswordFormInput = z.input<typeof changePasswordFormSchema>;

export const userInfoSchema = z.object({ name: nameSchema, phone: phoneSchema });
export type UserInfoInput = z.input<typeof userInfoSchema>;
export type UserInfoData = z.output<typeof userInfoSchema>;

/** The current user as every account route answers it: never a hash, a token or a session version. */
export interface UserJson {
  id: string;
  username: string;
  email: string;
  name: string;
  phone: string | null;
  role: UserRole;
  credits: number;
  emailVerified: boolean;
  isVerified: boolean;
  profileImageUrl: string | null;
  createdAt: string;
  /** A card is saved for purchases; the provider's ids never leave the server. */
  hasPaymentMethod: boolean;
  /** The saved card's brand and last four digits, when known (docs/decisions/0059). */
  paymentCard: { brand: string; last4: string } | null;
}
