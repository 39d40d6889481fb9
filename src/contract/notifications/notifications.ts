/*
 * Notification preferences as the server takes and answers them and the
 * profile pages send them (GET and PUT /api/user/notifications,
 * docs/decisions/0043). Each role has its own setting, and answers only it.
 */
import { z } from 'zod';

export const BID_EMAIL_CHOICES = ['instant', 'daily', 'none'] as const;
export type BidEmails = (typeof BID_EMAIL_CHOICES)[number];

export const BID_EMAILS_RULE = 'Bid emails must be instant, daily or none';
export const OUTCOME_EMAILS_RULE = 'Outcome emails must be true or false';
export const LISTING_EMAILS_RULE = 'Listing emails must be instant, daily or none';

export const NOTIFICATIONS_BODY_RULE = 'Send { "bidEmails": "instant" | "daily" | "none" }, { "outcomeEmails": true | false } or { "listingEmails": "instant" | "daily" | "none" }';

/** Which role may send which field is the account decider's rule; this checks the shape and values. */
export const notificationPreferencesSchema = z.strictObject(
  {
    bidEmails: z.enum(BID_EMAIL_CHOICES, { error: BID_EMAILS_RULE }).optional(),
    outcomeEmails: z.boolean({ error: OUTCOME_EMAILS_RULE }).optional(),
    listingEmails: z.enum(BID_EMAIL_CHOICES, { error: LISTING_EMAILS_RULE }).optional(),
  },
  { error: NOTIFICATIONS_BODY_RULE },
);
export type NotificationPreferencesInput = z.input<typeof notificationPreferencesSchema>;

/** A homeowner's answer has `bidEmails`, a realtor's `outcomeEmails` and `listingEmails` (new listings in their service areas). */
export type NotificationSettings = { role: 'homeowner'; bidEmails: BidEmails } | { role: 'realtor'; outcomeEmails: boolean; listingEmails: BidEmails };
