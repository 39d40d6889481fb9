import { findProperty } from '../../projections/listings/properties-queries';
import type { ReadStore } from '../../read-store/port';
import type { SocketSession } from '../realtime';

/**
 * The id, as stored, of a listing this session may follow with
 * `property:watch`, or null. The rule of GET /api/properties/:id: an inactive
 * listing only for its owner and the back office.
 */
export function createPropertyWatchCheck(readStore: ReadStore): (session: SocketSession, propertyId: string) => Promise<string | null> {
  return async (session, propertyId) => {
    const doc = await findProperty(readStore, propertyId, { ownerId: 1, isActive: 1 });
    if (!doc) return null;
    if (!doc.isActive && !session.admin && session.user?.subject !== doc.ownerId) return null;
    return doc._id;
  };
}
