import type { UserJson } from '../../../contract/accounts/accounts';

/** GET /api/user, the signed-in user as the server describes them. */
export type User = UserJson;
