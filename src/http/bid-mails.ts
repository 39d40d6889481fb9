import type { Context } from 'hono';
import { bidReceivedMail } from '../mail/bids';
import type { Mail } from '../mail/port';
import { loadNotificationPreferences, loadNotificationPreferencesOf } from '../projections/notification-preferences';
import { findUser } from '../projections/users-queries';
import type { AppDeps } from './deps';
import type { AppEnv } from './context';

/*
 * The mails bidding sends as they happen, each as its reader chose
 * (docs/decisions/0043). The bid or selection stands whatever the mail
 * provider says: a failed mail is logged, never answered as an error.
 */

/** The owner's mail for one new bid, when they chose instant mails (the default); the daily digest is src/processes/bid-digests.ts. */
export async function mailBidReceived(
  deps: Pick<AppDeps, 'readStore' | 'mailer' | 'logger' | 'env'>,
  c: Context<AppEnv>,
  bid: { propertyId: string; ownerId: string | null; propertyTitle: string; amount: number },
): Promise<void> {
  if (bid.ownerId === null) return;
  const preferences = await loadNotificationPreferences(deps.readStore, bid.ownerId);
  if (preferences.bidEmails !== 'instant') return;
  const owner = await findUser(deps.readStore, bid.ownerId);
  if (!owner) return;
  const mail = bidReceivedMail({ to: owner.email, name: owner.name, propertyTitle: bid.propertyTitle, propertyId: bid.propertyId, amount: bid.amount, publicUrl: deps.env.publicUrl });
  await deps.mailer.send(mail).catch((error: unknown) => {
    deps.logger.error('bid mail failed', { requestId: c.get('requestId'), propertyId: bid.propertyId, tag: mail.tag, error });
  });
}

/** Keeps the realtors' outcome mails (chosen, not chosen) of those who did not turn them off. */
export async function withoutDeclinedOutcomes(deps: Pick<AppDeps, 'readStore'>, mails: Array<{ mail: Mail; realtorId: string | null }>): Promise<Mail[]> {
  const realtorIds = [...new Set(mails.flatMap((entry) => (entry.realtorId === null ? [] : [entry.realtorId])))];
  const preferences = await loadNotificationPreferencesOf(deps.readStore, realtorIds);
  return mails.filter((entry) => entry.realtorId === null || preferences.get(entry.realtorId)?.outcomeEmails !== false).map((entry) => entry.mail);
}
