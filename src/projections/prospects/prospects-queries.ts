import type { Collection, Filter, ReadStore, Sort } from '../../read-store/port';
import type { ProspectDoc } from './prospects';
import { PROSPECTS } from './prospects';

/** The prospects read model, for the admin list that pages it. */
export function prospectsCollection(store: ReadStore): Collection<ProspectDoc> {
  return store.collection<ProspectDoc>(PROSPECTS);
}

/** The prospects `filter` matches in `sort` order, at most `limit` of them (an export). */
export function prospectsMatching(store: ReadStore, filter: Filter, sort: Sort, limit: number): Promise<ProspectDoc[]> {
  return prospectsCollection(store).find(filter, { sort, limit });
}
