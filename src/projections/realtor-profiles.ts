import type { RealtorProfileFields, RealtorProfileSaved } from '../domain/realtor-profiles/profile';
import { isRealtorProfileEvent } from '../domain/realtor-profiles/profile';
import type { RecordedEvent } from '../event-store/port';
import type { Projection } from './projection';
import { upsertOnce } from './projection';

export const REALTOR_PROFILES = 'realtor_profiles';

/** One realtor's saved profile, keyed by the realtor's user id. Names and contact details stay in `users`. */
export type RealtorProfileDoc = RealtorProfileFields & {
  _id: string;
  createdAt: string;
  updatedAt: string;
  _position?: number;
};

/** The `realtor_profiles` read model, from the `realtor-profile-{userId}` streams. */
export function createRealtorProfilesProjection(): Projection {
  return {
    name: REALTOR_PROFILES,
    collections: [REALTOR_PROFILES],
    async setup(store) {
      await store.collection<RealtorProfileDoc>(REALTOR_PROFILES).createIndex({ updatedAt: -1, _id: -1 });
    },
    async apply(event, store) {
      if (!isRealtorProfileEvent(event)) return;
      const { userId, at, ...profile } = (event as RecordedEvent & RealtorProfileSaved).data;
      await upsertOnce(store.collection<RealtorProfileDoc>(REALTOR_PROFILES), userId, event.position, {
        $set: { ...profile, updatedAt: at },
        $setOnInsert: { createdAt: at },
      });
    },
  };
}
