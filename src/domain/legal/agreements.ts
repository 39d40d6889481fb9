import type { Decider } from '../shared/decider';
import type { AgreementAccepted } from './events';

export type AcceptAgreements = {
  type: 'AcceptAgreements';
  userId: string;
  /** The exact versions accepted: each document's id and its version label. */
  documents: ReadonlyArray<{ documentId: number; version: string }>;
  ipAddress: string | null;
  userAgent: string | null;
  at: string;
};

export type AgreementsState = { accepted: ReadonlySet<number> };

/**
 * The document versions one user accepted (`agreements-{userId}`). A document is
 * accepted once per user: accepting it again records nothing, so a retried or
 * repeated acceptance is harmless and the first acceptance's time stands.
 */
export const agreementsDecider: Decider<AcceptAgreements, AgreementsState, AgreementAccepted> = {
  initialState: { accepted: new Set() },
  evolve: (state, event) => ({ accepted: new Set([...state.accepted, event.data.documentId]) }),
  decide(command, state) {
    const fresh = new Map(command.documents.filter((doc) => !state.accepted.has(doc.documentId)).map((doc) => [doc.documentId, doc.version]));
    const { userId, ipAddress, userAgent, at } = command;
    return [...fresh].map(([documentId, version]) => ({ type: 'AgreementAccepted', data: { userId, documentId, version, ipAddress, userAgent, at } }));
  },
};
