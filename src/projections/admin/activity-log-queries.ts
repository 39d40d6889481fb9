import type { Collection, Filter, Projection, ReadStore, Sort } from '../../read-store/port';
import type { ActivityDoc } from './activity-log';
import { ADMIN_LOGS } from './activity-log';

/** The activity log, for the admin list that pages it. */
export function activityCollection(store: ReadStore): Collection<ActivityDoc> {
  return store.collection<ActivityDoc>(ADMIN_LOGS);
}

/** The entries `filter` matches in `sort` order, at most `limit` of them; `projection` narrows each. */
export function activityEntries(store: ReadStore, filter: Filter, sort: Sort, limit: number, projection?: Projection): Promise<ActivityDoc[]> {
  return activityCollection(store).find(filter, projection === undefined ? { sort, limit } : { sort, limit, projection });
}

/** The newest entries a user made or that are about them, at most `limit` (their data export). */
export function activityAboutUser(store: ReadStore, userId: string, limit: number): Promise<ActivityDoc[]> {
  return activityCollection(store).find({ $or: [{ actorId: userId }, { resourceId: userId }] }, { sort: { createdAt: -1, _id: -1 }, limit });
}
