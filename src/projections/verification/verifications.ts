import type { VerificationEvent } from '../../domain/verification/events';
import { VERIFICATION_EVENT_TYPES, isVerificationEvent } from '../../domain/verification/events';
import { assertNever } from '../../domain/shared/decider';
import type { RecordedEvent } from '../../event-store/port';
import type { Collection } from '../../read-store/port';
import { userRoom } from '../../contract/realtime';
import type { Projection, Push } from '../projection';
import { deleteOnce, updateOnce, upsertOnce } from '../projection';

export const VERIFICATIONS = 'verifications';

/**
 * One submitted utility bill and its review. A submission that replaced a
 * pending one removes it; rejected ones stay as the homeowner's history.
 */
export type VerificationDoc = {
  _id: string;
  userId: string;
  documentType: 'utility_bill';
  /** The bill's blob key; admins ask GET /api/admin/verification-document for an address. */
  documentKey: string;
  status: 'pending' | 'approved' | 'rejected';
  submittedAt: string;
  reviewedAt: string | null;
  reviewedBy: string | null;
  rejectionReason: string | null;
  rejectionSubject: string | null;
  /** The reviewer's notes for other administrators (the spec's review payload); absent on documents projected before notes existed. */
  adminNotes?: string | null;
  _position?: number;
};

/** The `verifications` read model: the review queue and its history. Pushes `homeowner:verification` to the homeowner on a review. */
export function createVerificationsProjection(): Projection {
  return {
    name: VERIFICATIONS,
    collections: [VERIFICATIONS],
    handles: VERIFICATION_EVENT_TYPES,
    async setup(store) {
      const verifications = store.collection<VerificationDoc>(VERIFICATIONS);
      // The list's order with the tie-breaker every page adds, walked either way (docs/decisions/0033).
      await verifications.createIndex({ submittedAt: -1, _id: -1 });
      await verifications.createIndex({ userId: 1 });
      await verifications.createIndex({ documentKey: 1 });
      // The review queue's counters and its ?status= lists, in either order (docs/decisions/0032, 0033).
      await verifications.createIndex({ status: 1, submittedAt: -1, _id: -1 });
    },
    async apply(event, store): Promise<Push[]> {
      if (!isVerificationEvent(event)) return [];
      await applyVerificationEvent(event, store.collection<VerificationDoc>(VERIFICATIONS));
      // The homeowner's open profile follows the review without a reload (issue 27, item 5).
      if (event.type === 'VerificationApproved' || event.type === 'VerificationRejected') {
        const status = event.type === 'VerificationApproved' ? 'approved' : 'rejected';
        return [{ rooms: [userRoom(event.data.userId)], event: 'homeowner:verification', payload: { status } }];
      }
      return [];
    },
  };
}

async function applyVerificationEvent(event: RecordedEvent & VerificationEvent, verifications: Collection<VerificationDoc>): Promise<void> {
  const { position } = event;
  switch (event.type) {
    case 'VerificationSubmitted': {
      const { verificationId, userId, documentKey, replaces, at } = event.data;
      // A tombstone, so a node still applying the replaced submission cannot bring it back into the queue.
      if (replaces) await deleteOnce(verifications, replaces, position);
      await upsertOnce(verifications, verificationId, position, {
        $set: {
          userId,
          documentType: 'utility_bill',
          documentKey,
          status: 'pending',
          submittedAt: at,
          reviewedAt: null,
          reviewedBy: null,
          rejectionReason: null,
          rejectionSubject: null,
          adminNotes: null,
        },
      });
      return;
    }
    case 'VerificationApproved': {
      const { verificationId, adminId, at } = event.data;
      await updateOnce(verifications, verificationId, position, { $set: { status: 'approved', reviewedAt: at, reviewedBy: adminId, adminNotes: event.data.adminNotes ?? null } });
      return;
    }
    case 'VerificationRejected': {
      const { verificationId, adminId, subject, message, at } = event.data;
      await updateOnce(verifications, verificationId, position, {
        $set: { status: 'rejected', reviewedAt: at, reviewedBy: adminId, rejectionReason: message, rejectionSubject: subject, adminNotes: event.data.adminNotes ?? null },
      });
      return;
    }
    default:
      assertNever(event);
  }
}
