import { z } from 'zod';
import { answerSchema } from '../answer-schema';
import { reviewSummaryAnswer } from '../reviews/review-answers';
import { BID_STATUSES, BID_STATUS_LABELS, type BidRevisionView, type BidSelectionView, type BidView, type ContactShareView, type OwnBidView, type OwnerBidView } from './bidding';

/*
 * The bid and contact-share answers as zod schemas, each tied to its type in
 * bidding.ts field for field. A module of their own, so the bid forms, which
 * load bidding.ts, do not carry them (docs/decisions/0048).
 */

const bidFields = {
  id: z.string(),
  propertyId: z.string(),
  realtorId: z.string(),
  amount: z.number(),
  message: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  status: z.enum(BID_STATUSES),
  statusLabel: z.enum(BID_STATUS_LABELS),
  selected: z.boolean(),
  realtorName: z.string(),
  realtorProfileImage: z.string().nullable(),
  realtorEmail: z.string().optional(),
  realtorPhone: z.string().nullable().optional(),
  seenAt: z.string().nullable(),
};

export const bidAnswer = answerSchema<BidView>()(z.object(bidFields));

/** GET /api/bids, and the answers to placing and editing a bid. */
export const ownBidAnswer = answerSchema<OwnBidView>()(
  z.object({
    ...bidFields,
    propertyTitle: z.string(),
    biddingEndsAt: z.string().nullable(),
    propertyActive: z.boolean(),
    propertyDeleted: z.boolean(),
    creditReturned: z.object({ at: z.string(), reason: z.string() }).nullable(),
    ownerName: z.string().optional(),
    ownerEmail: z.string().optional(),
    ownerPhone: z.string().nullable().optional(),
  }),
);

export const ownBidsAnswer = z.array(ownBidAnswer);

/** GET /api/properties/{id}/bids. */
export const ownerBidAnswer = answerSchema<OwnerBidView>()(
  z.object({
    ...bidFields,
    editCount: z.number(),
    realtorVerified: z.boolean(),
    yearsOfExperience: z.number(),
    specialties: z.array(z.string()),
    serviceAreas: z.array(z.string()),
    servesListingArea: z.boolean(),
    wins: z.number(),
    reviewSummary: reviewSummaryAnswer,
  }),
);
export const ownerBidsAnswer = z.array(ownerBidAnswer);

/** GET /api/bids/{bidId}/history. */
export const bidRevisionAnswer = answerSchema<BidRevisionView>()(
  z.object({ kind: z.enum(['placed', 'edited']), message: z.string(), at: z.string() }),
);
export const bidRevisionsAnswer = z.array(bidRevisionAnswer);

export const contactShareAnswer = answerSchema<ContactShareView>()(
  z.object({
    propertyId: z.string(),
    propertyTitle: z.string(),
    otherUserId: z.string(),
    otherName: z.string(),
    role: z.enum(['owner', 'realtor']),
    details: z.array(z.enum(['email', 'phone'])),
    at: z.string(),
  }),
);

/** GET /api/contact-shares. */
export const contactSharesAnswer = z.object({ shares: z.array(contactShareAnswer) });

/** POST /api/properties/{id}/select-bid. */
export const selectBidAnswer = answerSchema<BidSelectionView>()(
  z.object({ propertyId: z.string(), bidId: z.string(), realtorId: z.string(), selectedAt: z.string(), bid: bidAnswer.nullable() }),
);
