import { agreementsStream } from '../domain/legal/events';
import { realtorProfileStream } from '../domain/realtor-profiles/profile';
import { sessionsStreamsOf } from '../domain/sessions/events';
import { emailStream, usernameStream } from '../domain/shared/reservation';
import { parseStreamId, userStream } from '../domain/shared/stream-ids';
import { uploadsStream } from '../domain/files/events';
import { verificationStream } from '../domain/verification/events';

/*
 * Which values of which events are personal, and whose key protects them
 * (docs/decisions/0042). Each field names the stand-in that reads return once
 * the key is erased: a value of the same type, so deciders and projections
 * fold an erased person's events as they fold anyone's.
 */

export type StandIn = (subjectId: string) => unknown;

export interface PersonalFields {
  /** Whose key encrypts these fields: the person the event is about. */
  subject: (streamId: string, data: Record<string, unknown>) => string | null;
  fields: Record<string, StandIn>;
}

export const ERASED_NAME = 'Deleted user';
export const ERASED_TEXT = '[erased]';
export const erasedEmail = (subjectId: string) => `erased-${subjectId}@invalid`;
export const erasedUsername = (subjectId: string) => `erased-${subjectId.slice(0, 8)}`;

const empty: StandIn = () => '';
const none: StandIn = () => null;
const name: StandIn = () => ERASED_NAME;
const text: StandIn = () => ERASED_TEXT;

const PERSONAL_STREAMS = [userStream, realtorProfileStream, verificationStream, agreementsStream, uploadsStream, sessionsStreamsOf.user];

/** The person a stream belongs to, for the streams that belong to one. */
export function subjectOfStream(streamId: string): string | null {
  return parseStreamId(streamId, PERSONAL_STREAMS)?.id ?? null;
}

const stringField = (key: string) => (_streamId: string, data: Record<string, unknown>) => (typeof data[key] === 'string' ? (data[key] as string) : null);
const ofStream = (streamId: string) => subjectOfStream(streamId);

export const PERSONAL_FIELDS: Readonly<Record<string, PersonalFields>> = {
  UserRegistered: { subject: ofStream, fields: { name, email: erasedEmail, phone: none, username: erasedUsername } },
  InfoUpdated: { subject: ofStream, fields: { name, phone: none } },
  BidPlaced: { subject: ofStream, fields: { message: empty } },
  BidMessageEdited: { subject: ofStream, fields: { message: empty } },
  // The saved card's brand and last four: erased with the person, like the rest of their account.
  PaymentMethodSaved: { subject: ofStream, fields: { card: none } },
  RealtorProfileSaved: {
    subject: stringField('userId'),
    fields: { brokerageName: empty, licenseNumber: empty, about: empty, profileImageUrl: none, verificationDocumentUrl: none },
  },
  RealtorVerificationSubmitted: { subject: stringField('userId'), fields: { brokerageName: empty, licenseNumber: empty, verificationDocumentUrl: empty } },
  RealtorVerificationRejected: { subject: stringField('userId'), fields: { message: text } },
  RealtorVerificationRevoked: { subject: stringField('userId'), fields: { reason: text } },
  PropertyListed: { subject: stringField('ownerId'), fields: { address: text } },
  PropertyUpdated: { subject: stringField('ownerId'), fields: { address: text } },
  VerificationRejected: { subject: stringField('userId'), fields: { message: text } },
  AgreementAccepted: { subject: stringField('userId'), fields: { ipAddress: none, userAgent: none } },
  ReviewSubmitted: { subject: stringField('authorId'), fields: { text: empty, area: empty } },
  ReviewReplied: { subject: stringField('realtorId'), fields: { text: empty } },
};

/** Where every request's event says it came from (src/http/context.ts): the address and browser of the person acting. */
export const PERSONAL_METADATA: Record<string, StandIn> = { ipAddress: none, userAgent: none };

/**
 * Whose address the metadata holds: the signed-in user who acted, else the
 * person the event is about when no administrator acted (a registration, a
 * sign-in). An administrator's own address stays readable: administrators are
 * not erased through this path.
 */
export function subjectOfMetadata(streamId: string, data: Record<string, unknown>, metadata: Record<string, unknown>, type: string): string | null {
  if (typeof metadata.userId === 'string') return metadata.userId;
  if (typeof metadata.adminId === 'string') return null;
  return PERSONAL_FIELDS[type]?.subject(streamId, data) ?? subjectOfStream(streamId) ?? reservationOwner(streamId, data);
}

/** A username or email reservation (`username-…`, `email-…`) is the registering person's. */
function reservationOwner(streamId: string, data: Record<string, unknown>): string | null {
  const reservation = usernameStream.owns(streamId) || emailStream.owns(streamId);
  return reservation && typeof data.ownerId === 'string' ? data.ownerId : null;
}
