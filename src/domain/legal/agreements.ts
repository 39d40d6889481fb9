import type { Decider } from '../shared/decider';
import type { AgreementAccepted } from './events';

export type AcceptAgreements = {
  type: 'AcceptAgreements';
  userId: string;
  documentIds: readonly number[];
  ipAddress: string | null;
  userAgent: string | null;
  at: string;
};

export type AgreementsState = { accepted: ReadonlySet<number> };

/**
 * The documents one user accepted (`agreements-{userId}`). A document is
 * accepted once per user: accepting it again records nothing, so a retried or
 * repeated acceptance is harmless and the first acceptance's time stands.
 */
export const agreementsDecider: Decider<AcceptAgreements, AgreementsState, AgreementAccepted> = {
  initialState: { accepted: new Set() },
  evolve: (state, event) => ({ accepted: new Set([...state.accepted, event.data.documentId]) }),
  decide(command, state) {
    const fresh = [...new Set(command.documentIds)].filter((documentId) => !state.accepted.has(documentId));
    const { userId, ipAddress, userAgent, at } = command;
    return fresh.map((documentId) => ({ type: 'AgreementAccepted', data: { userId, documentId, ipAddress, userAgent, at } }));
  },
};
