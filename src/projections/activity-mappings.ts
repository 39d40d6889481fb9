import type { AccountEvent } from '../domain/accounts/events';
import type { BidSelected } from '../domain/bidding/selection';
import type { RealtorProfileSaved } from '../domain/realtor-profiles/profile';
import type { AdminEvent } from '../domain/admins/events';
import type { FileEvent } from '../domain/files/events';
import type { LegalEvent } from '../domain/legal/events';
import type { PropertyEvent } from '../domain/listings/events';
import type { ProspectEvent } from '../domain/prospects/decide';
import type { VerificationEvent } from '../domain/verification/events';
import type { PaymentEvent } from '../domain/payments/payment';
import type { RecordedEvent } from '../event-store/port';
import { PAYMENT_ACTIVITY } from './payment-activity';

/*
 * The one table that says which events are activity worth an administrator's
 * eye, and how each reads in the log. A later context adds its events' union
 * to `LoggedEvent` and its rows below; nothing else changes.
 */

export type ActorType = 'admin' | 'user' | 'system';

/** What one event contributes to the log, before names and request details are added. */
export interface ActivityDraft {
  actorType: ActorType;
  /** Null for the system. */
  actorId: string | null;
  /** Dotted, resource first: 'user.register', 'admin.login'. */
  action: string;
  resourceType: string;
  resourceId: string | null;
  /** Shown to administrators: never a password, a hash or a token. */
  details: Record<string, unknown>;
}

/** A name learnt from an event, so entries carry the actor's name as it was at the time. */
export interface ActorName {
  actorType: Exclude<ActorType, 'system'>;
  actorId: string;
  name: string;
}

export interface ActivityRow<E extends { type: string; data: unknown }> {
  /** The entry for the event, or null when this instance of it is not worth logging. */
  entry?: (data: E['data'], event: RecordedEvent) => ActivityDraft | null;
  names?: (data: E['data'], event: RecordedEvent) => ActorName[];
}

/** Every event type the log knows. Event type names are unique across contexts. */
type LoggedEvent = AccountEvent | AdminEvent | ProspectEvent | LegalEvent | FileEvent | VerificationEvent | PropertyEvent | BidSelected | RealtorProfileSaved | PaymentEvent;

export type ActivityTable = { [T in LoggedEvent['type']]?: ActivityRow<Extract<LoggedEvent, { type: T }>> };

/** The user's id from their account stream's name (`user-{userId}`): account events do not all repeat it. */
const userIdOf = (event: RecordedEvent) => event.streamId.replace(/^user-/, '');

const byUser = (event: RecordedEvent, action: string, details: Record<string, unknown> = {}): ActivityDraft => ({
  actorType: 'user',
  actorId: userIdOf(event),
  action,
  resourceType: 'user',
  resourceId: userIdOf(event),
  details,
});

const byAdmin = (adminId: string | null, action: string, resourceType: string, resourceId: string, details: Record<string, unknown> = {}): ActivityDraft => ({
  actorType: adminId === null ? 'system' : 'admin',
  actorId: adminId,
  action,
  resourceType,
  resourceId,
  details,
});

export const ACTIVITY_TABLE: ActivityTable = {
  // Accounts (src/domain/accounts).
  UserRegistered: {
    names: (data) => [{ actorType: 'user', actorId: data.userId, name: data.name }],
    entry: (data, event) => byUser(event, 'user.register', { username: data.username, email: data.email, role: data.role }),
  },
  SignedIn: { entry: (_data, event) => byUser(event, 'user.login') },
  EmailVerified: { entry: (_data, event) => byUser(event, 'user.email_verified') },
  InfoUpdated: {
    names: (data, event) => [{ actorType: 'user', actorId: userIdOf(event), name: data.name }],
    entry: (data, event) => byUser(event, 'user.update_info', { name: data.name, phone: data.phone }),
  },
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
    entry: (data, event) =>
      byAdmin(data.adminId, 'user.credits_set', 'user', userIdOf(event), { credits: data.credits, previousCredits: data.previousCredits, reason: data.reason }),
  },

  // Administrators (src/domain/admins).
  AdminCreated: {
    names: (data) => [{ actorType: 'admin', actorId: data.adminId, name: data.name }],
    entry: (data) => byAdmin(data.createdBy, 'admin.create', 'admin', data.adminId, { username: data.username, role: data.role }),
  },
  AdminPasswordSet: {
    // The first password is part of the creation entry.
    entry: (data) => (data.reason === 'creation' ? null : byAdmin(data.setBy, 'admin.password_set', 'admin', data.adminId)),
  },
  AdminDeactivated: { entry: (data) => byAdmin(data.deactivatedBy, 'admin.deactivate', 'admin', data.adminId) },
  AdminSignedIn: { entry: (data) => byAdmin(data.adminId, 'admin.login', 'admin', data.adminId) },

  // Contact forms (src/domain/prospects): a visitor, not an account, so the system is the actor.
  ProspectSubmitted: {
    entry: (data) => ({
      actorType: 'system',
      actorId: null,
      action: 'prospect.create',
      resourceType: 'prospect',
      resourceId: data.prospectId,
      details: { email: data.email, inquiryType: data.inquiryType, page: data.page },
    }),
  },

  // Legal documents (src/domain/legal).
  LegalDocumentCreated: {
    entry: (data) => byAdmin(data.createdBy, 'legal_document.create', 'legal_document', String(data.documentId), { type: data.type, title: data.title, version: data.version }),
  },
  LegalDocumentUpdated: {
    entry: (data) => byAdmin(data.updatedBy, 'legal_document.update', 'legal_document', String(data.documentId), { type: data.type, title: data.title, version: data.version }),
  },
  LegalDocumentDeleted: {
    entry: (data) => byAdmin(data.deletedBy, 'legal_document.delete', 'legal_document', String(data.documentId), { type: data.type }),
  },
  LegalDocumentActivated: {
    entry: (data) =>
      byAdmin(data.activatedBy, 'legal_document.activate', 'legal_document', String(data.documentId), { type: data.type, previousDocumentId: data.previousDocumentId }),
  },
  AgreementAccepted: {
    entry: (data) => ({
      actorType: 'user',
      actorId: data.userId,
      action: 'legal_document.accept',
      resourceType: 'legal_document',
      resourceId: String(data.documentId),
      details: {},
    }),
  },

  // Uploads, ownership verification and listings (src/domain/files, verification, listings).
  FileUploaded: {
    entry: (data) => ({ actorType: 'user', actorId: data.userId, action: 'file.upload', resourceType: 'file', resourceId: data.key, details: { kind: data.kind, contentType: data.contentType, size: data.size } }),
  },
  VerificationSubmitted: {
    entry: (data) => ({
      actorType: 'user',
      actorId: data.userId,
      action: 'verification.submit',
      resourceType: 'verification',
      resourceId: data.verificationId,
      details: { documentType: data.documentType, replaces: data.replaces },
    }),
  },
  VerificationApproved: { entry: (data) => byAdmin(data.adminId, 'verification.approve', 'verification', data.verificationId, { userId: data.userId }) },
  VerificationRejected: {
    entry: (data) => byAdmin(data.adminId, 'verification.reject', 'verification', data.verificationId, { userId: data.userId, subject: data.subject }),
  },
  PropertyListed: {
    entry: (data) => ({ actorType: 'user', actorId: data.ownerId, action: 'property.create', resourceType: 'property', resourceId: data.propertyId, details: { title: data.title, location: data.location } }),
  },
  PropertyUpdated: {
    entry: (data) => ({ actorType: 'user', actorId: data.ownerId, action: 'property.update', resourceType: 'property', resourceId: data.propertyId, details: { title: data.title } }),
  },
  PropertyActivationToggled: { entry: (data) => byAdmin(data.adminId, 'property.toggle', 'property', data.propertyId, { isActive: data.isActive }) },
  PropertyDeleted: {
    entry: (data) => ({ actorType: 'user', actorId: data.ownerId, action: 'property.delete', resourceType: 'property', resourceId: data.propertyId, details: { title: data.title } }),
  },

  // Bids, credits and realtor profiles (src/domain/accounts/bids.ts, bidding, realtor-profiles).
  BidPlaced: { entry: (data, event) => ({ ...byUser(event, 'bid.place'), resourceType: 'bid', resourceId: data.bidId, details: { propertyId: data.propertyId, amount: data.amount } }) },
  BidMessageEdited: { entry: (data, event) => ({ ...byUser(event, 'bid.update_message'), resourceType: 'bid', resourceId: data.bidId, details: { propertyId: data.propertyId } }) },
  BidRefunded: {
    entry: (data, event) => ({ actorType: 'system', actorId: null, action: 'bid.refund', resourceType: 'bid', resourceId: data.bidId, details: { propertyId: data.propertyId, realtorId: userIdOf(event), reason: data.reason } }),
  },
  RewardGranted: {
    entry: (data, event) => ({ actorType: 'system', actorId: null, action: 'user.reward', resourceType: 'user', resourceId: userIdOf(event), details: { achievement: data.achievement, credits: data.credits } }),
  },
  RewardWithdrawn: {
    entry: (data, event) => ({
      actorType: 'system',
      actorId: null,
      action: 'user.reward_withdraw',
      resourceType: 'user',
      resourceId: userIdOf(event),
      details: { achievement: data.achievement, bidId: data.bidId, credits: data.credits, owed: data.owed },
    }),
  },
  BidSelected: {
    entry: (data) => ({ actorType: 'user', actorId: data.ownerId, action: 'bid.select', resourceType: 'bid', resourceId: data.bidId, details: { propertyId: data.propertyId, realtorId: data.realtorId } }),
  },
  RealtorProfileSaved: {
    // Its stream is realtor-profile-{userId}, so the actor comes from the data.
    entry: (data) => ({ actorType: 'user', actorId: data.userId, action: 'realtor_profile.update', resourceType: 'realtor_profile', resourceId: data.userId, details: {} }),
  },

  // Card payments (src/domain/payments, src/projections/payment-activity.ts).
  ...PAYMENT_ACTIVITY,
};
