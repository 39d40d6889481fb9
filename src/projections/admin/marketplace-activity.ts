import type { BidSelected } from '../../domain/bidding/selection';
import type { FileUploaded } from '../../domain/files/events';
import type { AgreementAccepted, LegalDocumentActivated, LegalDocumentCreated, LegalDocumentDeleted, LegalDocumentUpdated } from '../../domain/legal/events';
import type { PropertyActivationToggled, PropertyDeleted, PropertyDetails, PropertyListed, PropertyUpdated } from '../../domain/listings/events';
import type { ProspectSubmitted } from '../../domain/prospects/decide';
import type {
  RealtorProfileSaved,
  RealtorVerificationApproved,
  RealtorVerificationRejected,
  RealtorVerificationRevoked,
  RealtorVerificationSubmitted,
} from '../../domain/realtor-profiles/profile';
import type { VerificationApproved, VerificationRejected, VerificationSubmitted } from '../../domain/verification/events';
import type { ActivityRow, KnownName } from './activity-rows';
import { byAdmin, byUserId, change, changedFields, summarise, userTarget } from './activity-rows';

/*
 * The activity-log rows of contact forms, legal documents, uploads, ownership
 * verification, listings, bid selection and realtor profiles, spread into
 * ACTIVITY_TABLE.
 */

/** What an edit of a listing is compared on. */
const listingFields = (data: PropertyDetails) => ({
  title: data.title,
  description: data.description,
  propertyType: data.propertyType,
  bedrooms: data.bedrooms,
  bathrooms: data.bathrooms,
  address: data.address,
  location: data.location,
  images: data.images.length,
});

const listingName = (data: PropertyDetails & { propertyId: string }): KnownName => ({
  kind: 'property',
  id: data.propertyId,
  name: data.title,
  fields: summarise(listingFields(data)),
});

type DocumentData = LegalDocumentCreated['data'];
const documentFields = (data: Pick<DocumentData, 'title' | 'content' | 'version' | 'effectiveDate'>) => ({
  title: data.title,
  version: data.version,
  effectiveDate: data.effectiveDate,
  content: data.content,
});

const documentName = (data: DocumentData | LegalDocumentUpdated['data']): KnownName => ({
  kind: 'legal_document',
  id: String(data.documentId),
  name: data.title,
  fields: summarise(documentFields(data)),
});

export const MARKETPLACE_ACTIVITY: {
  ProspectSubmitted: ActivityRow<ProspectSubmitted>;
  LegalDocumentCreated: ActivityRow<LegalDocumentCreated>;
  LegalDocumentUpdated: ActivityRow<LegalDocumentUpdated>;
  LegalDocumentDeleted: ActivityRow<LegalDocumentDeleted>;
  LegalDocumentActivated: ActivityRow<LegalDocumentActivated>;
  AgreementAccepted: ActivityRow<AgreementAccepted>;
  FileUploaded: ActivityRow<FileUploaded>;
  VerificationSubmitted: ActivityRow<VerificationSubmitted>;
  VerificationApproved: ActivityRow<VerificationApproved>;
  VerificationRejected: ActivityRow<VerificationRejected>;
  PropertyListed: ActivityRow<PropertyListed>;
  PropertyUpdated: ActivityRow<PropertyUpdated>;
  PropertyActivationToggled: ActivityRow<PropertyActivationToggled>;
  PropertyDeleted: ActivityRow<PropertyDeleted>;
  BidSelected: ActivityRow<BidSelected>;
  RealtorProfileSaved: ActivityRow<RealtorProfileSaved>;
  RealtorVerificationSubmitted: ActivityRow<RealtorVerificationSubmitted>;
  RealtorVerificationApproved: ActivityRow<RealtorVerificationApproved>;
  RealtorVerificationRejected: ActivityRow<RealtorVerificationRejected>;
  RealtorVerificationRevoked: ActivityRow<RealtorVerificationRevoked>;
} = {
  // Contact forms (src/domain/prospects): a visitor, not an account, so the system is the actor.
  ProspectSubmitted: {
    entry: (data) => ({
      actorType: 'system',
      actorId: null,
      action: 'prospect.create',
      resourceType: 'prospect',
      resourceId: data.prospectId,
      details: { email: data.email, inquiryType: data.inquiryType, page: data.page },
      target: { name: null, email: data.email },
    }),
  },

  // Legal documents (src/domain/legal).
  LegalDocumentCreated: {
    names: (data) => [documentName(data)],
    entry: (data) => byAdmin(data.createdBy, 'legal_document.create', 'legal_document', String(data.documentId), { type: data.type, title: data.title, version: data.version }),
  },
  LegalDocumentUpdated: {
    names: (data) => [documentName(data)],
    entry: (data, _event, before) => ({
      ...byAdmin(data.updatedBy, 'legal_document.update', 'legal_document', String(data.documentId), { type: data.type, title: data.title, version: data.version }),
      changes: changedFields(before, documentFields(data)),
    }),
  },
  LegalDocumentDeleted: {
    entry: (data) => byAdmin(data.deletedBy, 'legal_document.delete', 'legal_document', String(data.documentId), { type: data.type }),
  },
  LegalDocumentActivated: {
    entry: (data) => ({
      ...byAdmin(data.activatedBy, 'legal_document.activate', 'legal_document', String(data.documentId), { type: data.type, previousDocumentId: data.previousDocumentId }),
      changes: [change(`active ${data.type}`, data.previousDocumentId, data.documentId)],
    }),
  },
  AgreementAccepted: {
    entry: (data) => byUserId(data.userId, 'legal_document.accept', 'legal_document', String(data.documentId)),
  },

  // Uploads and ownership verification (src/domain/files, verification): the target is the person the file or bill is about.
  FileUploaded: {
    entry: (data) => ({
      ...byUserId(data.userId, 'file.upload', 'file', data.key, { kind: data.kind, contentType: data.contentType, size: data.size }),
      target: userTarget(data.userId),
    }),
  },
  VerificationSubmitted: {
    entry: (data) => ({
      ...byUserId(data.userId, 'verification.submit', 'verification', data.verificationId, { documentType: data.documentType, replaces: data.replaces }),
      target: userTarget(data.userId),
    }),
  },
  VerificationApproved: {
    entry: (data) => ({
      ...byAdmin(data.adminId, 'verification.approve', 'verification', data.verificationId, { userId: data.userId }),
      target: userTarget(data.userId),
      changes: [change('status', 'pending', 'approved')],
    }),
  },
  VerificationRejected: {
    entry: (data) => ({
      ...byAdmin(data.adminId, 'verification.reject', 'verification', data.verificationId, { userId: data.userId, subject: data.subject }),
      target: userTarget(data.userId),
      changes: [change('status', 'pending', 'rejected'), change('subject', null, data.subject)],
    }),
  },

  // Listings (src/domain/listings).
  PropertyListed: {
    names: (data) => [listingName(data)],
    entry: (data) => byUserId(data.ownerId, 'property.create', 'property', data.propertyId, { title: data.title, location: data.location }),
  },
  PropertyUpdated: {
    names: (data) => [listingName(data)],
    entry: (data, _event, before) => ({
      ...byUserId(data.ownerId, 'property.update', 'property', data.propertyId, { title: data.title }),
      changes: changedFields(before, listingFields(data)),
    }),
  },
  PropertyActivationToggled: {
    entry: (data) => ({ ...byAdmin(data.adminId, 'property.toggle', 'property', data.propertyId, { isActive: data.isActive }), changes: [change('active', !data.isActive, data.isActive)] }),
  },
  PropertyDeleted: {
    entry: (data) => byUserId(data.ownerId, 'property.delete', 'property', data.propertyId, { title: data.title }),
  },

  // Bid selection and realtor profiles (src/domain/bidding, realtor-profiles).
  BidSelected: {
    entry: (data) => ({
      ...byUserId(data.ownerId, 'bid.select', 'bid', data.bidId, { propertyId: data.propertyId, realtorId: data.realtorId }),
      target: { kind: 'property', id: data.propertyId },
    }),
  },
  RealtorProfileSaved: {
    // Its stream is realtor-profile-{userId}, so the actor comes from the data.
    entry: (data) => ({ ...byUserId(data.userId, 'realtor_profile.update', 'realtor_profile', data.userId), target: userTarget(data.userId) }),
  },

  // Licence verification of realtors (docs/decisions/0050): the target is the realtor.
  RealtorVerificationSubmitted: {
    entry: (data) => ({
      ...byUserId(data.userId, 'realtor_verification.submit', 'realtor_profile', data.userId, { licenseNumber: data.licenseNumber, brokerageName: data.brokerageName }),
      target: userTarget(data.userId),
      changes: [change('verificationStatus', null, 'pending')],
    }),
  },
  RealtorVerificationApproved: {
    entry: (data) => ({
      ...byAdmin(data.adminId, 'realtor_verification.approve', 'realtor_profile', data.userId, { userId: data.userId }),
      target: userTarget(data.userId),
      changes: [change('verificationStatus', 'pending', 'approved')],
    }),
  },
  RealtorVerificationRejected: {
    entry: (data) => ({
      ...byAdmin(data.adminId, 'realtor_verification.reject', 'realtor_profile', data.userId, { userId: data.userId, subject: data.subject }),
      target: userTarget(data.userId),
      changes: [change('verificationStatus', 'pending', 'rejected')],
    }),
  },
  RealtorVerificationRevoked: {
    entry: (data) => ({
      ...byAdmin(data.adminId, 'realtor_verification.revoke', 'realtor_profile', data.userId, { userId: data.userId, reason: data.reason }),
      target: userTarget(data.userId),
      changes: [change('verificationStatus', 'approved', 'rejected')],
    }),
  },
};
