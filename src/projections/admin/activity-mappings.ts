import type { NotificationsRead } from '../../domain/notifications/inbox';
import type { ListingAlertsMailed } from '../../domain/notifications/listing-alerts';
import type { AccountEvent } from '../../domain/accounts/events';
import type { BootstrapEvent } from '../../domain/admin/bootstrap';
import type { AdminEvent } from '../../domain/admin/events';
import type { PageViewed } from '../../domain/analytics/page-views';
import type { AuditEvent } from '../../domain/audit/events';
import type { BidSelected } from '../../domain/bidding/selection';
import type { BiddingClosed } from '../../domain/bidding/close';
import type { FairCreditsAdopted } from '../../domain/bidding/adoption';
import type { BidSeen } from '../../domain/bidding/seen';
import type { FileEvent } from '../../domain/files/events';
import type { LegalEvent } from '../../domain/legal/events';
import type { PropertyEvent } from '../../domain/listings/events';
import type { PaymentEvent } from '../../domain/payments/payment';
import type { ProspectEvent } from '../../domain/prospects/decide';
import type { RealtorProfileEvent } from '../../domain/realtor-profiles/profile';
import type { ReviewEvent } from '../../domain/reviews/review';
import type { SessionEvent } from '../../domain/sessions/events';
import type { RequestKeyEvent } from '../../domain/shared/request-keys';
import type { ReservationEvent } from '../../domain/shared/reservation';
import type { VerificationEvent } from '../../domain/verification/events';
import type { BidDigestSent } from '../../domain/notifications/bid-digest';
import type { BidMailsSent } from '../../domain/notifications/bid-mails';
import type { MailSent } from '../../domain/notifications/mails';
import type { OperationEvent } from '../../domain/operations/events';
import type { ActivityRow } from './activity-rows';
import { byAdmin, byUser, change, changedFields, creditsChange, userIdOf } from './activity-rows';
import { AUDIT_ACTIVITY } from './audit-activity';
import { MARKETPLACE_ACTIVITY } from './marketplace-activity';
import { PAYMENT_ACTIVITY } from './payment-activity';
import { REVIEW_ACTIVITY } from './review-activity';

/*
 * The one table that says how each event reads in the admin activity log
 * (docs/decisions/0008, 0034). Every event type of src/domain is either a row
 * here or in NOT_AUDITED with the reason: a context that adds an event type
 * adds its union to `LoggedEvent` and its row or reason, or the build fails
 * (and activity-coverage.test.ts, which reads src/domain, fails too).
 */

/** Every event type of the domain. Event type names are unique across contexts. */
type LoggedEvent =
  | AccountEvent
  | AdminEvent
  | BootstrapEvent
  | AuditEvent
  | SessionEvent
  | ReservationEvent
  | RequestKeyEvent
  | ProspectEvent
  | LegalEvent
  | FileEvent
  | VerificationEvent
  | PropertyEvent
  | BidSelected
  | BidSeen
  | BiddingClosed
  | FairCreditsAdopted
  | RealtorProfileEvent
  | PaymentEvent
  | PageViewed
  | BidDigestSent
  | ReviewEvent
  | BidMailsSent
  | MailSent
  | OperationEvent
  | NotificationsRead
  | ListingAlertsMailed;

/** Event types that change state nobody needs to read in the log, each with why. */
export const NOT_AUDITED = {
  SessionsEnded: 'the password change, reset or administrator action that ends the sessions has its own entry',
  AccountErased: 'the person asked to be forgotten: the log keeps no entry about them, and the erasure scrubs the ones it had (docs/decisions/0042)',
  PaymentCustomerCreated: "the payment provider's customer record: technical, and the purchase has its own entries",
  PaymentIntentAttached: "the provider's intent id of a payment the log already shows as created",
  AdminBootstrapClaimed: "the first boot's claim; the administrator it creates has its own entry",
  LegalDocumentIdAllocated: "a number handed out for a document whose creation has its own entry",
  LegalDocumentLocked: "a version's text frozen just before its first activation, which has its own entry",
  NameReserved: 'the username or email taken by a registration or an administrator, whose creation has its own entry',
  NameReleased: 'a name given back by a registration that did not complete',
  RequestKeyClaimed: "a request's Idempotency-Key, so a retry is not written twice; what the request created has its own entry",
  BiddingClosed: "the clock reaching a listing's close, which the listing's own entry already shows; no one did anything",
  PageViewed: "anonymous visits, counted in the activity tab's page views",
  NotificationPreferencesChanged: "the user's own choice of which mails to receive, shown on their profile; it changes nothing anyone else sees",
  BidDigestSent: "a daily mail listing bids the log already shows, each with its own entry",
  BidMailsSent: 'that the owners were mailed about bids the log already shows, each with its own entry',
  MailSent: 'that a mail went out about an event the log already shows with its own entry',
  ParkedEventRetried: "an operator's action on a read model, not on anyone's account: the event itself, in its own stream, records who and why",
  ParkedEventSkipped: "an operator's action on a read model, not on anyone's account: the event itself, in its own stream, records who and why",
  NotificationsRead: "which entries of their own inbox a person has read: it changes nothing anyone else sees (docs/decisions/0060)",
  ListingAlertsMailed: 'that realtors were mailed about listings the log already shows, each with its own entry (docs/decisions/0060)',
  BidSeen: "a receipt that the owner opened a bid the log already shows; it changes nothing but the realtor's bid card",
  FairCreditsAdopted: 'the mark a start leaves once, from which the fair-credit rules apply to bids (domain/bidding/adoption.ts); no one did anything',
} as const satisfies Partial<Record<LoggedEvent['type'], string>>;

type AuditedEvent = Exclude<LoggedEvent, { type: keyof typeof NOT_AUDITED }>;

/** A table that may leave types out (tests pass one row); ACTIVITY_TABLE has every audited type. */
export type ActivityTable = { [T in AuditedEvent['type']]?: ActivityRow<Extract<LoggedEvent, { type: T }>> };
type CompleteActivityTable = { [T in AuditedEvent['type']]: ActivityRow<Extract<LoggedEvent, { type: T }>> };

export const ACTIVITY_TABLE: CompleteActivityTable = {
  // Accounts (src/domain/accounts).
  UserRegistered: {
    names: (data) => [{ kind: 'user', id: data.userId, name: data.name, email: data.email, fields: { name: data.name, phone: data.phone } }],
    entry: (data, event) => byUser(event, 'user.register', { username: data.username, email: data.email, role: data.role }),
  },
  SignedIn: { entry: (_data, event) => byUser(event, 'user.login') },
  EmailVerificationIssued: { entry: (_data, event) => byUser(event, 'user.verification_mail_sent') },
  EmailVerified: { entry: (_data, event) => ({ ...byUser(event, 'user.email_verified'), changes: [change('emailVerified', false, true)] }) },
  InfoUpdated: {
    names: (data, event) => [{ kind: 'user', id: userIdOf(event), name: data.name, fields: { name: data.name, phone: data.phone } }],
    entry: (data, event, before) => ({
      ...byUser(event, 'user.update_info', { name: data.name, phone: data.phone }),
      changes: changedFields(before, { name: data.name, phone: data.phone }),
    }),
  },
  PasswordResetIssued: { entry: (_data, event) => byUser(event, 'user.password_reset_request') },
  PasswordResetCompleted: { entry: (_data, event) => byUser(event, 'user.password_reset') },
  PasswordSet: {
    entry: (data, event) => {
      switch (data.reason) {
        case 'change':
          return byUser(event, 'user.password_change');
        case 'admin':
          return byAdmin(data.adminId ?? null, 'user.password_set_by_admin', 'user', userIdOf(event));
        // Registration and reset have their own entries.
        case 'registration':
        case 'reset':
          return null;
      }
    },
  },
  CreditsSetByAdmin: {
    entry: (data, event) => ({
      ...byAdmin(data.adminId, 'user.credits_set', 'user', userIdOf(event), { credits: data.credits, previousCredits: data.previousCredits, reason: data.reason }),
      changes: [change('credits', data.previousCredits, data.credits)],
    }),
  },

  // Administrators (src/domain/admin).
  AdminCreated: {
    names: (data) => [{ kind: 'admin', id: data.adminId, name: data.name, email: data.email }],
    entry: (data) => byAdmin(data.createdBy, 'admin.create', 'admin', data.adminId, { username: data.username, role: data.role }),
  },
  AdminPasswordSet: {
    // The first password is part of the creation entry.
    entry: (data) => (data.reason === 'creation' ? null : byAdmin(data.setBy, 'admin.password_set', 'admin', data.adminId)),
  },
  AdminDeactivated: { entry: (data) => ({ ...byAdmin(data.deactivatedBy, 'admin.deactivate', 'admin', data.adminId), changes: [change('active', true, false)] }) },
  AdminReactivated: { entry: (data) => ({ ...byAdmin(data.reactivatedBy, 'admin.reactivate', 'admin', data.adminId), changes: [change('active', false, true)] }) },
  AdminSignedIn: { entry: (data) => byAdmin(data.adminId, 'admin.login', 'admin', data.adminId) },

  // Bids and credits in the account stream (src/domain/accounts/bids.ts): each entry shows the balance it moved.
  BidPlaced: {
    entry: (data, event) => ({
      ...byUser(event, 'bid.place'),
      resourceType: 'bid',
      resourceId: data.bidId,
      details: { propertyId: data.propertyId, amount: data.amount },
      target: { kind: 'property', id: data.propertyId },
      changes: [creditsChange(data.balanceAfter, -1)],
    }),
  },
  BidMessageEdited: {
    entry: (data, event) => ({
      ...byUser(event, 'bid.update_message'),
      resourceType: 'bid',
      resourceId: data.bidId,
      details: { propertyId: data.propertyId },
      target: { kind: 'property', id: data.propertyId },
    }),
  },
  BidRefunded: {
    entry: (data, event) => ({
      actorType: 'system',
      actorId: null,
      action: 'bid.refund',
      resourceType: 'bid',
      resourceId: data.bidId,
      details: { propertyId: data.propertyId, realtorId: userIdOf(event), reason: data.reason },
      target: { kind: 'user', id: userIdOf(event) },
      changes: [creditsChange(data.balanceAfter, 1)],
    }),
  },
  RewardGranted: {
    entry: (data, event) => ({
      actorType: 'system',
      actorId: null,
      action: 'user.reward',
      resourceType: 'user',
      resourceId: userIdOf(event),
      details: { achievement: data.achievement, credits: data.credits },
      changes: [creditsChange(data.balanceAfter, data.credits)],
    }),
  },
  RewardWithdrawn: {
    entry: (data, event) => ({
      actorType: 'system',
      actorId: null,
      action: 'user.reward_withdraw',
      resourceType: 'user',
      resourceId: userIdOf(event),
      details: { achievement: data.achievement, bidId: data.bidId, credits: data.credits, owed: data.owed },
      changes: [creditsChange(data.balanceAfter, -data.credits)],
    }),
  },

  ...AUDIT_ACTIVITY,
  ...MARKETPLACE_ACTIVITY,
  ...PAYMENT_ACTIVITY,
  ...REVIEW_ACTIVITY,
};
