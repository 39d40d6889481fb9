import type { AccountEvent } from '../../../../domain/accounts/events';
import type { PropertyEvent } from '../../../../domain/listings/events';
import { typeInWords } from '../../../../contract/admin/timeline';
import { readableTime } from './plain-state';

/*
 * One short sentence per event type of the two streams a timeline shows
 * (docs/decisions/0041). A type without one reads as its name in words
 * ('NotificationPreferencesChanged': 'Notification preferences changed'),
 * with the fields it changed beside it, so a context adding an event type
 * owes this table nothing. No sentence ever reads a hash or a token.
 */

type Summaries<E extends { type: string; data: unknown }> = { [T in E['type']]?: (data: Extract<E, { type: T }>['data']) => string };

const credits = (n: number) => `${n} credit${n === 1 ? '' : 's'}`;
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

const LISTING_SUMMARIES: Summaries<PropertyEvent> = {
  PropertyListed: (d) => `Listed “${d.title}”, minimum bid ${d.minBidAmount}, bidding ends ${readableTime(d.biddingEndsAt)}`,
  PropertyUpdated: (d) => `Details edited (title now “${d.title}”)`,
  PropertyActivationToggled: (d) => (d.isActive ? 'Reactivated by an administrator' : 'Deactivated by an administrator'),
  PropertyDeleted: (d) => `Deleted “${d.title}”`,
};

const PASSWORD_REASONS = { registration: 'at registration', change: 'by its owner', reset: 'through a reset link', admin: 'by an administrator' } as const;

const ACCOUNT_SUMMARIES: Summaries<AccountEvent> = {
  UserRegistered: (d) => `Registered as ${d.role} ${d.username} (${d.email})`,
  PasswordSet: (d) => `Password set ${PASSWORD_REASONS[d.reason]}`,
  SessionsEnded: () => 'Every earlier session ended',
  EmailVerificationIssued: () => 'Email verification link mailed',
  EmailVerified: () => 'Email verified',
  PasswordResetIssued: () => 'Password reset link mailed',
  PasswordResetCompleted: () => 'Password reset link used',
  InfoUpdated: (d) => `Name and phone saved (${d.name}, ${d.phone ?? 'no phone'})`,
  SignedIn: () => 'Signed in',
  CreditsSetByAdmin: (d) => `Credits set from ${d.previousCredits} to ${d.credits} by an administrator: ${d.reason}`,
  BidPlaced: (d) => `Bid ${d.bidId} of ${d.amount} placed on listing ${d.propertyId}; 1 credit spent, balance ${d.balanceAfter}`,
  BidMessageEdited: (d) => `Message of bid ${d.bidId} edited`,
  BidRefunded: (d) => `Bid ${d.bidId} refunded (${d.reason}); balance ${d.balanceAfter}`,
  RewardGranted: (d) => `Reward “${d.achievement}”: ${credits(d.credits)} granted; balance ${d.balanceAfter}`,
  RewardWithdrawn: (d) => `Reward “${d.achievement}” withdrawn: ${credits(d.credits)} taken back; balance ${d.balanceAfter}`,
  PaymentCustomerCreated: () => 'Payment customer created',
  PaymentMethodSaved: () => 'Card saved',
  PaymentMethodRemoved: () => 'Card removed',
  CreditsPurchased: (d) => `Bought ${credits(d.credits)} for ${dollars(d.amountCents)}; balance ${d.balanceAfter}`,
  NotificationPreferencesChanged: (d) => `Mail choices set: bid emails ${d.bidEmails}, outcome emails ${d.outcomeEmails ? 'on' : 'off'}, listing emails ${d.listingEmails ?? 'instant'}`,
};

const ALL = { ...LISTING_SUMMARIES, ...ACCOUNT_SUMMARIES } as Record<string, ((data: never) => string) | undefined>;

/** The event in words; a type this table does not know reads as its name in words. */
export function summarizeEvent(event: { type: string; data: unknown }): string {
  const summary = ALL[event.type];
  if (!summary) return typeInWords(event.type);
  try {
    return summary(event.data as never);
  } catch {
    // An event older than a field the sentence reads: its name still says what happened.
    return typeInWords(event.type);
  }
}
