import { z } from 'zod';
import { INQUIRY_TYPES, PROSPECT_MESSAGE_MAX, PROSPECT_MESSAGE_MIN } from './prospects';

/*
 * The contact and prospect forms' rules, with the spec's messages (SPEC §5
 * "Prospect and contact form"). Pure zod: the server validates POST
 * /api/prospects with this schema and the forms validate with the same one.
 */


const EMAIL_MESSAGE = 'Please enter a valid email address';
const ROLE_MESSAGE = 'Please select your role';
const MESSAGE_MIN_MESSAGE = 'Message must be at least 10 characters long';

export const prospectSchema = z.object({
  // The length first: the email pattern never reads a long input (docs/decisions/0021).
  email: z.string({ error: EMAIL_MESSAGE }).trim().max(255, 'Email must be less than 255 characters').pipe(z.email(EMAIL_MESSAGE)),
  inquiryType: z.enum(INQUIRY_TYPES, { error: ROLE_MESSAGE }),
  // Optional; an empty or blank message counts as none (the about form sends none).
  message: z.preprocess(
    (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
    z
      .string({ error: MESSAGE_MIN_MESSAGE })
      .trim()
      .min(PROSPECT_MESSAGE_MIN, MESSAGE_MIN_MESSAGE)
      .max(PROSPECT_MESSAGE_MAX, 'Message must be less than 5000 characters')
      .optional(),
  ),
  page: z.string({ error: 'Page is required' }).trim().min(1, 'Page is required').max(50, 'Page must be less than 50 characters'),
});
export type ProspectInput = z.input<typeof prospectSchema>;
export type ProspectData = z.output<typeof prospectSchema>;
