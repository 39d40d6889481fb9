import { z } from 'zod';
import { PASSWORD_MAX } from './accounts';

/*
 * The user's own data (docs/decisions/0042): GET /api/user/export answers it
 * as a JSON attachment; DELETE /api/user erases the account.
 */

export const PASSWORD_REQUIRED = 'Password is required';
export const PASSWORD_TOO_LONG = 'Password is too long';

/** DELETE /api/user: the account's password, checked again before anything is erased. */
export const eraseAccountSchema = z.object({
  password: z.string({ error: PASSWORD_REQUIRED }).min(1, PASSWORD_REQUIRED).max(PASSWORD_MAX, PASSWORD_TOO_LONG),
});

export const USER_EXPORT_PATH = '/api/user/export';
