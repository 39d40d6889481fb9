import type { Collection, Filter, FindOptions, Projection, ReadStore, Sort } from '../../read-store/port';
import type { PropertyDoc } from './properties';
import { PROPERTIES } from './properties';

/** The listings read model, for the admin list that pages it. */
export function propertiesCollection(store: ReadStore): Collection<PropertyDoc> {
  return store.collection<PropertyDoc>(PROPERTIES);
}

export function findProperty(store: ReadStore, propertyId: string, projection?: Projection): Promise<PropertyDoc | null> {
  return propertiesCollection(store).findOne({ _id: propertyId }, projection === undefined ? {} : { projection });
}

export function propertiesByIds(store: ReadStore, ids: readonly string[]): Promise<PropertyDoc[]> {
  return propertiesCollection(store).find({ _id: { $in: ids } });
}

/** One homeowner's listings; `options` sorts or narrows them. */
export function propertiesOfOwner(store: ReadStore, ownerId: string, options: FindOptions = {}): Promise<PropertyDoc[]> {
  return propertiesCollection(store).find({ ownerId }, options);
}

/** The listings a search matches, in `sort` order, at most `limit` of them. */
export function searchProperties(store: ReadStore, filter: Filter, sort: Sort, limit: number): Promise<PropertyDoc[]> {
  return propertiesCollection(store).find(filter, { sort, limit });
}

export function countProperties(store: ReadStore, filter?: Filter): Promise<number> {
  return filter === undefined ? propertiesCollection(store).countDocuments() : propertiesCollection(store).countDocuments(filter);
}

/** The listings that still show any of these images. */
export function propertiesShowingImages(store: ReadStore, keys: readonly string[]): Promise<Array<Pick<PropertyDoc, '_id' | 'images'>>> {
  return propertiesCollection(store).find({ images: { $in: [...keys] } }, { projection: { images: 1 } });
}
