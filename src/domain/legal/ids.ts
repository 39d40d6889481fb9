import type { Decider } from '../shared/decider';
import type { LegalDocumentIdAllocated } from './events';

export type AllocateLegalDocumentId = { type: 'AllocateLegalDocumentId'; at: string };
export type LegalDocumentIdsState = { last: number };

/**
 * The `legal-document-ids` stream numbers documents 1, 2, 3… Each allocation is
 * appended at the revision it read, so two concurrent creations can never get
 * the same number: the loser re-reads and takes the next one. A creation that
 * fails after its allocation leaves a gap, which is harmless.
 */
export const legalDocumentIds: Decider<AllocateLegalDocumentId, LegalDocumentIdsState, LegalDocumentIdAllocated> = {
  initialState: { last: 0 },
  evolve: (state, event) => ({ last: Math.max(state.last, event.data.documentId) }),
  decide: (command, state) => [{ type: 'LegalDocumentIdAllocated', data: { documentId: state.last + 1, at: command.at } }],
};
