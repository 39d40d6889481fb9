import { z } from 'zod';
import type { ReviewSummary } from '../reviews/reviews';

/*
 * Input rules for bids (SPEC §5 Bid), shared by the server and the web forms.
 * The account decider checks the same floor against the property's own
 * minimum; this schema only turns away what is not a bid at all.
 */

/** The spec's minimum bid and the default when a property names none (SPEC §9). */
export const MIN_BID_AMOUNT = 100;
export const BID_MESSAGE_MAX = 2000;

export const AMOUNT_REQUIRED = 'Amount must be a number';
/** The floor's message, for the property's own minimum: one wording for the form, the contract and the decider. */
export const amountTooLow = (minimum: number) => `Bid amount must be at least ${minimum}`;
export const AMOUNT_TOO_LOW = amountTooLow(MIN_BID_AMOUNT);
export const MESSAGE_TOO_LONG = `Message must be less than ${BID_MESSAGE_MAX} characters`;

/** Trimmed; an empty message is left out, as the spec asks. */
const messageSchema = z
  .string({ error: 'Message must be text' })
  .trim()
  .max(BID_MESSAGE_MAX, MESSAGE_TOO_LONG)
  .transform((message) => (message === '' ? undefined : message));

/** POST /api/properties/{id}/bid: the path names the property; a body propertyId must agree with it. */
export const placeBidSchema = z.object({
  // Ids are at most 64 characters (src/http/routes/bidding/bid-shared.ts); a longer one cannot match the path's.
  propertyId: z.union([z.string().max(64, 'Property not found'), z.number()]).transform(String).optional(),
  amount: z
    .number({ error: AMOUNT_REQUIRED })
    .refine(Number.isFinite, AMOUNT_REQUIRED)
    .refine((amount) => amount > 0 && amount >= MIN_BID_AMOUNT, AMOUNT_TOO_LOW),
  message: z.preprocess((value) => (value === null ? undefined : value), messageSchema.optional()),
});
export type PlaceBidInput = z.input<typeof placeBidSchema>;
export type PlaceBidData = z.output<typeof placeBidSchema>;

/** PUT /api/bids/{bidId}: only the message changes. */
export const editBidSchema = z.object({
  message: z.string({ error: 'Message is required' }).trim().max(BID_MESSAGE_MAX, MESSAGE_TOO_LONG),
});
export type EditBidInput = z.input<typeof editBidSchema>;

/** POST /api/properties/{id}/select-bid. */
export const selectBidSchema = z.object({
  bidId: z.string({ error: 'Bid is required' }).trim().min(1, 'Bid is required').max(64, 'Bid not found'),
});
export type SelectBidInput = z.input<typeof selectBidSchema>;

/** A bid's life cycle in SPEC §3's status values; src/domain/bidding/bid-status.ts decides which applies. */
export const BID_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type BidStatus = (typeof BID_STATUSES)[number];

export const BID_STATUS_LABELS = {
  open: 'Open',
  awaiting: 'Awaiting the owner’s choice',
  selected: 'Selected',
  notSelected: 'Not selected',
  refunded: 'Refunded',
} as const;
export type BidStatusLabel = (typeof BID_STATUS_LABELS)[keyof typeof BID_STATUS_LABELS];

export type BidState = { status: BidStatus; statusLabel: BidStatusLabel };

/** A bid in a property's list (the owner's Current Bids, and a realtor's own bid there). */
export interface BidView {
  id: string;
  propertyId: string;
  realtorId: string;
  amount: number;
  message: string;
  createdAt: string;
  updatedAt: string;
  status: BidStatus;
  /** The status in words, the same on every screen: Open, Awaiting the owner’s choice, Selected, Not selected, Refunded. */
  statusLabel: BidStatusLabel;
  selected: boolean;
  realtorName: string;
  realtorProfileImage: string | null;
  /** Only for the owner, after bidding closed, on the bid they selected. */
  realtorEmail?: string;
  realtorPhone?: string | null;
  /** When the owner first opened the bid (ISO), or null while they have not (docs/decisions/0059). */
  seenAt: string | null;
}

/** A realtor's own bid, with its property (GET /api/bids and the answers to placing and editing). */
export interface OwnBidView extends BidView {
  propertyTitle: string;
  biddingEndsAt: string | null;
  /** False while the marketplace has paused the listing: the bid stands, and the realtor is told why it went quiet. */
  propertyActive: boolean;
  /** The owner deleted the listing (its bids were refunded): nothing to link to. */
  propertyDeleted: boolean;
  /** The credit came back while the bid stays selectable: unseen at the close, or no realtor chosen 7 days after it. */
  creditReturned: { at: string; reason: string } | null;
  /** Only once the owner selected this bid after bidding closed. */
  ownerName?: string;
  ownerEmail?: string;
  ownerPhone?: string | null;
}

/**
 * What an owner may weigh of a bidder before choosing (docs/decisions/0051):
 * nothing that names them. `servesListingArea` says whether one of their
 * service areas is the listing's; `wins` counts the listings that chose them.
 */
export interface BidderStanding {
  realtorVerified: boolean;
  yearsOfExperience: number;
  specialties: string[];
  serviceAreas: string[];
  servesListingArea: boolean;
  wins: number;
  reviewSummary: ReviewSummary;
}

/** A bid on the owner's listing (GET /api/properties/{id}/bids), with how many times its message was edited and the bidder's standing. */
export type OwnerBidView = BidView & BidderStanding & { editCount: number };

/** A revision as GET /api/bids/{bidId}/history answers it: the message and its time, nothing about the bidder. */
export interface BidRevisionView {
  kind: 'placed' | 'edited';
  message: string;
  at: string;
}

/** POST /api/properties/{id}/select-bid: the selection, with the chosen bid as the owner now sees it (null if it is gone). */
export interface BidSelectionView {
  propertyId: string;
  bidId: string;
  realtorId: string;
  selectedAt: string;
  bid: BidView | null;
}

/** One reveal as its parties see it: who, which listing, which details, when. */
export interface ContactShareView {
  propertyId: string;
  propertyTitle: string;
  /** 'shared': the viewer's details went to `otherName`; both directions happen at once on selection, so each entry is both. */
  otherUserId: string;
  otherName: string;
  /** The viewer's role in the selection. */
  role: 'owner' | 'realtor';
  details: ('email' | 'phone')[];
  at: string;
}

/** A bid as the back office's Bids tab lists it (GET /api/admin/bids), with its listing's title and its realtor. */
export interface AdminBidJson extends BidState {
  id: string;
  propertyId: string;
  /** Empty when the listing is missing from the read models. */
  propertyTitle: string;
  realtorId: string;
  /** Empty when the realtor is missing from the read models. */
  realtorName: string;
  realtorEmail: string;
  amount: number;
  message: string;
  selected: boolean;
  createdAt: string;
}
