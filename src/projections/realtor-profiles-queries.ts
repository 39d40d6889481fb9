import type { Collection, ReadStore } from '../read-store/port';
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
