import { BID_EMAILS_RULE, BID_EMAIL_CHOICES, LISTING_EMAILS_RULE, OUTCOME_EMAILS_RULE } from '../../contract/notifications/notifications';
import { ValidationError } from '../shared/errors';
import type { NotificationPreferences, RegisteredAccount } from './account';
import type { ChangeNotificationPreferences } from './commands';
import type { AccountEvent, NotificationPreferencesChanged } from './events';

/*
 * Which mails a user wants (docs/decisions/0043). A homeowner chooses how bids
 * on their listings reach them: a mail per bid, one daily digest, or none. A
 * realtor chooses whether the outcome of a selection (chosen, not chosen) is
 * mailed. Each role sets only its own; the other setting keeps its default.
 */

export const ONLY_HOMEOWNERS_BID_EMAILS = 'Only homeowners choose bid emails';
export const ONLY_REALTORS_OUTCOME_EMAILS = 'Only realtors choose outcome emails';
export const ONLY_REALTORS_LISTING_EMAILS = 'Only realtors choose listing emails';
export const NOTHING_TO_CHANGE = 'Choose bidEmails (homeowners), outcomeEmails or listingEmails (realtors)';

/** Folds NotificationPreferencesChanged into the account (composed in decide.ts). */
export function evolveNotifications(state: RegisteredAccount, event: NotificationPreferencesChanged): RegisteredAccount {
  return { ...state, notifications: { bidEmails: event.data.bidEmails, outcomeEmails: event.data.outcomeEmails, listingEmails: event.data.listingEmails ?? 'instant' } };
}

export function decideNotifications(command: ChangeNotificationPreferences, state: RegisteredAccount): AccountEvent[] {
  const { bidEmails, outcomeEmails, listingEmails } = command;
  if (bidEmails === undefined && outcomeEmails === undefined && listingEmails === undefined) throw new ValidationError(NOTHING_TO_CHANGE);
  if (bidEmails !== undefined) {
    if (!BID_EMAIL_CHOICES.includes(bidEmails)) throw new ValidationError(BID_EMAILS_RULE, { bidEmails: BID_EMAILS_RULE });
    if (state.role !== 'homeowner') throw new ValidationError(ONLY_HOMEOWNERS_BID_EMAILS, { bidEmails: ONLY_HOMEOWNERS_BID_EMAILS });
  }
  if (outcomeEmails !== undefined) {
    if (typeof outcomeEmails !== 'boolean') throw new ValidationError(OUTCOME_EMAILS_RULE, { outcomeEmails: OUTCOME_EMAILS_RULE });
    if (state.role !== 'realtor') throw new ValidationError(ONLY_REALTORS_OUTCOME_EMAILS, { outcomeEmails: ONLY_REALTORS_OUTCOME_EMAILS });
  }
  if (listingEmails !== undefined) {
    if (!BID_EMAIL_CHOICES.includes(listingEmails)) throw new ValidationError(LISTING_EMAILS_RULE, { listingEmails: LISTING_EMAILS_RULE });
    if (state.role !== 'realtor') throw new ValidationError(ONLY_REALTORS_LISTING_EMAILS, { listingEmails: ONLY_REALTORS_LISTING_EMAILS });
  }
  const current = state.notifications;
  const next: NotificationPreferences = {
    bidEmails: bidEmails ?? current.bidEmails,
    outcomeEmails: outcomeEmails ?? current.outcomeEmails,
    listingEmails: listingEmails ?? current.listingEmails,
  };
  if (next.bidEmails === current.bidEmails && next.outcomeEmails === current.outcomeEmails && next.listingEmails === current.listingEmails) return [];
  return [{ type: 'NotificationPreferencesChanged', data: { ...next, at: command.at } }];
}
