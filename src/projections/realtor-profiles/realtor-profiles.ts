import type { RealtorVerificationStatus } from '../../contract/realtor-profiles/realtor-profiles';
import { userRoom } from '../../contract/realtime';
import type { RealtorProfileFields } from '../../domain/realtor-profiles/profile';
import { isRealtorProfileEvent, REALTOR_PROFILE_EVENT_TYPES, REVOKED_SUBJECT } from '../../domain/realtor-profiles/profile';
import { assertNever } from '../../domain/shared/decider';
import type { Projection, Push } from '../projection';
import { updateOnce, upsertOnce } from '../projection';

export const REALTOR_PROFILES = 'realtor_profiles';

/** One realtor's saved profile, keyed by the realtor's user id. Names and contact details stay in `users`. */
export type RealtorProfileDoc = RealtorProfileFields & {
  _id: string;
  createdAt: string;
  updatedAt: string;
  /**
   * The licence review (docs/decisions/0050). Missing on a document written
   * before verification existed, which reads as 'not_submitted'; a realtor
   * without a document is 'not_submitted' too.
   */
  verificationStatus?: RealtorVerificationStatus;
  submittedAt?: string | null;
  reviewedAt?: string | null;
  /** The last rejection or revocation, until the next approval. */
  rejectionSubject?: string | null;
  rejectionMessage?: string | null;
  _position?: number;
};

/** The `realtor_profiles` read model, from the `realtor-profile-{userId}` streams. */
export function createRealtorProfilesProjection(): Projection {
  return {
    name: REALTOR_PROFILES,
    collections: [REALTOR_PROFILES],
    handles: REALTOR_PROFILE_EVENT_TYPES,
    async setup(store) {
      const profiles = store.collection<RealtorProfileDoc>(REALTOR_PROFILES);
      await profiles.createIndex({ updatedAt: -1, _id: -1 });
      // The Realtors tab's review queue: one status, by when it went to review.
      await profiles.createIndex({ verificationStatus: 1, submittedAt: 1, _id: 1 });
    },
    async apply(event, store) {
      if (!isRealtorProfileEvent(event)) return;
      const profiles = store.collection<RealtorProfileDoc>(REALTOR_PROFILES);
      switch (event.type) {
        case 'RealtorProfileSaved': {
          const { userId, at, ...profile } = event.data;
          await upsertOnce(profiles, userId, event.position, {
            $set: { ...profile, verificationDocumentUrl: profile.verificationDocumentUrl ?? null, updatedAt: at },
            $setOnInsert: { createdAt: at, verificationStatus: 'not_submitted' },
          });
          return;
        }
        case 'RealtorVerificationSubmitted': {
          const { userId, at } = event.data;
          await updateOnce(profiles, userId, event.position, { $set: { verificationStatus: 'pending', submittedAt: at } });
          return [verificationPush(userId, 'pending')];
        }
        case 'RealtorVerificationApproved': {
          const { userId, at } = event.data;
          await updateOnce(profiles, userId, event.position, { $set: { verificationStatus: 'approved', reviewedAt: at, rejectionSubject: null, rejectionMessage: null } });
          return [verificationPush(userId, 'approved')];
        }
        case 'RealtorVerificationRejected': {
          const { userId, at, subject, message } = event.data;
          await updateOnce(profiles, userId, event.position, { $set: { verificationStatus: 'rejected', reviewedAt: at, rejectionSubject: subject, rejectionMessage: message } });
          return [verificationPush(userId, 'rejected')];
        }
        case 'RealtorVerificationRevoked': {
          const { userId, at, reason } = event.data;
          await updateOnce(profiles, userId, event.position, { $set: { verificationStatus: 'rejected', reviewedAt: at, rejectionSubject: REVOKED_SUBJECT, rejectionMessage: reason } });
          return [verificationPush(userId, 'rejected')];
        }
        default:
          return assertNever(event);
      }
    },
  };
}

/** The realtor's open pages learn the new state: the profile's card and the listing page's bid panel. */
function verificationPush(userId: string, verificationStatus: RealtorVerificationStatus): Push {
  return { rooms: [userRoom(userId)], event: 'realtor:verification', payload: { verificationStatus } };
}
