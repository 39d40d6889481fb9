import type { Decider } from '../shared/decider';
import type { LegalDocumentActivated } from './events';
import type { LegalDocumentType } from '../../contract/legal/legal';

export type ActivateLegalDocument = {
  type: 'ActivateLegalDocument';
  documentId: number;
  documentType: LegalDocumentType;
  /** The version's effective date: a later one schedules it. */
  effectiveDate: string;
  activatedBy: string;
  at: string;
};

/** One activation: from `effectiveAt` on, `documentId` is the type's version in force. */
export type ActivationEntry = { documentId: number; effectiveAt: string };

export type LegalActiveState = { timeline: readonly ActivationEntry[] };

/**
 * The version in force at `now`: the activation with the latest effectiveAt
 * not after `now`, the later activation on a tie. Computed where it is read,
 * from the clock, so a scheduled version is in force at its time on every node
 * with nothing running at that moment (docs/decisions/0035).
 */
export function entryInEffect(timeline: readonly ActivationEntry[], now: string): ActivationEntry | null {
  let found: ActivationEntry | null = null;
  for (const entry of timeline) {
    if (entry.effectiveAt <= now && (found === null || entry.effectiveAt >= found.effectiveAt)) found = entry;
  }
  return found;
}

/** Activations of this version that take effect after `now`, earliest first. */
export function scheduledAfter(timeline: readonly ActivationEntry[], documentId: number, now: string): string | null {
  const later = timeline.filter((entry) => entry.documentId === documentId && entry.effectiveAt > now).map((entry) => entry.effectiveAt);
  return later.length === 0 ? null : later.sort()[0]!;
}

/** When an activation at `at` of a version effective on `effectiveDate` puts it in force. */
export const effectiveAtOf = (effectiveDate: string, at: string) => (effectiveDate > at ? effectiveDate : at);

/**
 * One stream per document type (`legal-active-{type}`) holds the type's
 * activations in order. Each says which version is in force from when; a
 * future effective date schedules it. At any moment exactly one activation
 * is in force (entryInEffect), whatever runs concurrently, because they all
 * append to this one stream.
 */
export const legalActiveDecider: Decider<ActivateLegalDocument, LegalActiveState, LegalDocumentActivated> = {
  initialState: { timeline: [] },
  evolve: (state, event) => ({
    timeline: [...state.timeline, { documentId: event.data.documentId, effectiveAt: event.data.effectiveAt ?? event.data.at }],
  }),
  decide(command, state) {
    const { documentId, documentType, activatedBy, at } = command;
    // Already in force, or already scheduled: a second click decides nothing.
    if (entryInEffect(state.timeline, at)?.documentId === documentId || scheduledAfter(state.timeline, documentId, at) !== null) return [];
    const effectiveAt = effectiveAtOf(command.effectiveDate, at);
    const previousDocumentId = entryInEffect(state.timeline, effectiveAt)?.documentId ?? null;
    return [{ type: 'LegalDocumentActivated', data: { documentId, type: documentType, previousDocumentId, activatedBy, at, effectiveAt } }];
  },
};

/** The ids of every version of the type that was ever activated (also scheduled ones): their text is final. */
export const activatedIds = (state: LegalActiveState): ReadonlySet<number> => new Set(state.timeline.map((entry) => entry.documentId));
