import type { PropertyDetails } from './events';

/**
 * The owner's ownership verification as their verification stream says at
 * the time of the command; only 'approved' may list.
 */
export type OwnerVerification = 'not_submitted' | 'pending' | 'approved' | 'rejected';

/*
 * Commands on a listing's stream. Ids and times come with the command; the
 * route has checked the role, the input rules and that every image key is one
 * the owner uploaded.
 */

export type ListProperty = {
  type: 'ListProperty';
  propertyId: string;
  ownerId: string;
  ownerVerification: OwnerVerification;
  details: PropertyDetails;
  /** Absent: 14 days after `at`. */
  biddingEndsAt?: string;
  minBidAmount: number;
  at: string;
};

/** `vibeMetrics` and `area` undefined keep the listed ones; null removes them. */
export type UpdateProperty = {
  type: 'UpdateProperty';
  actorId: string;
  details: Omit<PropertyDetails, 'vibeMetrics'> & { vibeMetrics?: PropertyDetails['vibeMetrics'] };
  at: string;
};

export type TogglePropertyActivation = { type: 'TogglePropertyActivation'; adminId: string; at: string };

export type DeleteProperty = { type: 'DeleteProperty'; actorId: string; at: string };

export type PropertyCommand = ListProperty | UpdateProperty | TogglePropertyActivation | DeleteProperty;
