import type { Mail } from '../mail/port';
import { loadNotificationPreferencesOf } from '../projections/notification-preferences';
import type { AppDeps } from './deps';

/*
 * The mails bidding sends as they happen, each as its reader chose
 * (docs/decisions/0043). The bid or selection stands whatever the mail
 * provider says: a failed mail is logged, never answered as an error.
 */

/** Keeps the realtors' outcome mails (chosen, not chosen) of those who did not turn them off. */
export async function withoutDeclinedOutcomes(deps: Pick<AppDeps, 'readStore'>, mails: Array<{ mail: Mail; realtorId: string | null }>): Promise<Mail[]> {
  const realtorIds = [...new Set(mails.flatMap((entry) => (entry.realtorId === null ? [] : [entry.realtorId])))];
  const preferences = await loadNotificationPreferencesOf(deps.readStore, realtorIds);
  return mails.filter((entry) => entry.realtorId === null || preferences.get(entry.realtorId)?.outcomeEmails !== false).map((entry) => entry.mail);
}
