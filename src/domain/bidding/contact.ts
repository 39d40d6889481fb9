/*
 * When contact details may leave the server (ARCHITECTURE decision 9, SPEC §1):
 * a realtor's email and phone reach a homeowner only after the bidding period
 * of that homeowner's property has closed AND the homeowner selected that
 * realtor's bid on it. The selected realtor sees the owner's in return.
 * Every answer and push that could carry contact details asks here.
 */

export interface PropertySelection {
  ownerId: string | null;
  biddingEndsAt: string | null;
  deleted: boolean;
  /** The realtor whose bid the owner selected, if any. */
  selectedRealtorId: string | null;
}

function closedAndSelected(property: PropertySelection, now: Date): boolean {
  if (property.deleted || property.selectedRealtorId === null || property.biddingEndsAt === null) return false;
  return Date.parse(property.biddingEndsAt) <= now.getTime();
}

/** May `viewerId` see the email and phone of `realtorId`, through this property? */
export function mayShareRealtorContact(viewerId: string, realtorId: string, property: PropertySelection, now: Date): boolean {
  return property.ownerId === viewerId && property.selectedRealtorId === realtorId && closedAndSelected(property, now);
}

/** May the realtor `viewerId` see the owner's email and phone of this property? */
export function mayShareOwnerContact(viewerId: string, property: PropertySelection, now: Date): boolean {
  return property.selectedRealtorId === viewerId && closedAndSelected(property, now);
}
