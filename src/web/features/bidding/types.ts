import type { BidStatus } from '../../../contract/bidding';

// The bid and realtor-profile answers of the API (docs/decisions/0013), as the screens read them.

/** What the listing page passes in: the terms a realtor bids on. */
export type BiddableProperty = {
  id: string;
  isActive: boolean;
  biddingEndsAt: string | null;
  minBidAmount: number | null;
  ownerId: string;
};

/** A bid in a property's list; a realtor only ever gets their own. */
export type PropertyBid = {
  id: string;
  propertyId: string;
  realtorId: string;
  amount: number;
  message: string;
  createdAt: string;
  updatedAt: string;
  status: BidStatus;
  /** The status in words, the same on every screen. */
  statusLabel: string;
  selected: boolean;
  realtorName: string;
  realtorProfileImage: string | null;
};

/** GET /api/bids: the realtor's own bids, with the property and, once selected after the close, the owner's contact. */
export type OwnBid = PropertyBid & {
  propertyTitle: string;
  biddingEndsAt: string | null;
  /** False while the marketplace has paused the listing. */
  propertyActive: boolean;
  /** The owner deleted the listing; the bid was refunded. */
  propertyDeleted: boolean;
  ownerName?: string;
  ownerEmail?: string;
  ownerPhone?: string | null;
};

/** GET /api/realtor-profile/{realtorId}; `email` and `phone` only where the contact rule allows. */
export type RealtorProfileView = {
  userId: string;
  name: string;
  profileImageUrl: string | null;
  brokerageName: string;
  licenseNumber: string;
  yearsOfExperience: number;
  serviceAreas: string[];
  specialties: string[];
  additionalServices: string[];
  commissionRate: string;
  about: string;
  updatedAt: string | null;
  email?: string;
  phone?: string | null;
};

/** The parts of the signed-in user the bid button needs. */
export type Viewer = { id: string; role: 'homeowner' | 'realtor'; credits: number };
