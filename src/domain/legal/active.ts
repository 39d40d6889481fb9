import type { Decider } from '../shared/decider';
import type { LegalDocumentActivated } from './events';
import type { LegalDocumentType } from './rules';

export type ActivateLegalDocument = { type: 'ActivateLegalDocument'; documentId: number; documentType: LegalDocumentType; activatedBy: string; at: string };

export type LegalActiveState = { activeId: number | null };

/**
 * One stream per document type (`legal-active-{type}`) names its active
 * document. Activating one document replaces the previous one in the same
 * event, so at most one document of a type is ever active, whatever runs
 * concurrently. The read models derive each document's isActive from here.
 */
export const legalActiveDecider: Decider<ActivateLegalDocument, LegalActiveState, LegalDocumentActivated> = {
  initialState: { activeId: null },
  evolve: (_state, event) => ({ activeId: event.data.documentId }),
  decide(command, state) {
    if (state.activeId === command.documentId) return [];
    const { documentId, documentType, activatedBy, at } = command;
    return [{ type: 'LegalDocumentActivated', data: { documentId, type: documentType, previousDocumentId: state.activeId, activatedBy, at } }];
  },
};
