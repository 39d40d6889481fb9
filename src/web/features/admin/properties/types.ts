/** GET /api/admin/properties and PUT …/toggle: the property (docs/decisions/0012) with its owner. */
export type AdminProperty = {
  id: string;
  ownerId: string;
  title: string;
  description: string;
  propertyType: string;
  bedrooms: number;
  bathrooms: number;
  address: string;
  location: string;
  images: string[];
  biddingEndsAt: string | null;
  isActive: boolean;
  minBidAmount: number;
  createdAt: string;
  bidCount: number;
  ownerName: string | null;
  ownerEmail: string | null;
};
