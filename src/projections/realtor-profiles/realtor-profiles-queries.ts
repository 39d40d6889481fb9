import type { Collection, ReadStore } from '../../read-store/port';
import type { RealtorProfileDoc } from './realtor-profiles';
import { REALTOR_PROFILES } from './realtor-profiles';

function profiles(store: ReadStore): Collection<RealtorProfileDoc> {
  return store.collection<RealtorProfileDoc>(REALTOR_PROFILES);
}

export function findRealtorProfile(store: ReadStore, userId: string): Promise<RealtorProfileDoc | null> {
  return profiles(store).findOne({ _id: userId });
}

export function realtorProfilesByIds(store: ReadStore, userIds: readonly string[]): Promise<RealtorProfileDoc[]> {
  return profiles(store).find({ _id: { $in: userIds } });
}

/** The ids of every realtor with a profile: realtors are few, so this is read whole. */
export async function idsOfRealtorsWithProfile(store: ReadStore): Promise<string[]> {
  return (await profiles(store).find({}, { projection: { _id: 1 } })).map((doc) => doc._id);
}

/** Whether the realtor may bid: their licence verification is approved. A realtor without a profile is not. */
export async function isRealtorApproved(store: ReadStore, realtorId: string): Promise<boolean> {
  return (await profiles(store).countDocuments({ _id: realtorId, verificationStatus: 'approved' })) === 1;
}

/** The ids of the realtors whose review is in one of `statuses`: realtors are few, so this is read whole. */
export async function idsOfRealtorsInReview(store: ReadStore, statuses: readonly string[]): Promise<string[]> {
  return (await profiles(store).find({ verificationStatus: { $in: [...statuses] } }, { projection: { _id: 1 } })).map((doc) => doc._id);
}

export function realtorProfilesCollection(store: ReadStore): Collection<RealtorProfileDoc> {
  return profiles(store);
}

/** The profile whose licence document is `key`, so an administrator opens only submitted documents. */
export function findRealtorProfileByDocument(store: ReadStore, key: string): Promise<RealtorProfileDoc | null> {
  return profiles(store).findOne({ verificationDocumentUrl: key });
}
