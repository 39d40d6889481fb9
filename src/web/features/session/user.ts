import type { UserRole } from '../../../contract/accounts';

/** GET /api/user, the signed-in user as the server describes them. */
export type User = {
  id: string;
  username: string;
  email: string;
  name: string;
  phone: string | null;
  role: UserRole;
  credits: number;
  emailVerified: boolean;
  /** Homeowner ownership verification, not the email address. */
  isVerified: boolean;
  profileImageUrl: string | null;
  createdAt: string;
  /** A card is saved for credit purchases (the card's ids never leave the server). */
  hasPaymentMethod: boolean;
};
