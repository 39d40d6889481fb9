import type { ReadStore } from '../../read-store/port';
import type { ContactShareDoc } from './contact-shares';
import { CONTACT_SHARES } from './contact-shares';

/** Every selection a user is a party to, in no particular order (their data export); loadContactShares sorts them for the page. */
export function everyContactShareOf(store: ReadStore, userId: string): Promise<ContactShareDoc[]> {
  return store.collection<ContactShareDoc>(CONTACT_SHARES).find({ $or: [{ ownerId: userId }, { realtorId: userId }] });
}
