import { z } from 'zod';
import { USER_ROLES, type UserJson } from './accounts';
import { answerSchema } from '../answer-schema';

/*
 * The signed-in user's answer as a zod schema, tied to `UserJson` field for
 * field (docs/decisions/0048). The API document and the server's answer test
 * use it; the browser does not check the user it reads on every page, which
 * would bring zod into the first load.
 */

export const userAnswer = answerSchema<UserJson>()(
  z.object({
    id: z.string(),
    username: z.string(),
    email: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
    role: z.enum(USER_ROLES),
    credits: z.number(),
    emailVerified: z.boolean(),
    isVerified: z.boolean(),
    profileImageUrl: z.string().nullable(),
    createdAt: z.string(),
    hasPaymentMethod: z.boolean(),
    paymentCard: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  }),
);

/** POST /api/login: the user, and where to go next when the sign-in asked for a page of this site. */
export const loginAnswer = z.object({ user: userAnswer, redirectTo: z.string().optional() });
