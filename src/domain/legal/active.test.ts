import { describe, expect, it } from 'vitest';
import { createSqliteEventStore } from '../../event-store/sqlite';
import { handleCommand, loadState } from '../shared/command-handler';
import { given } from '../shared/given-when-then';
import type { ActivateLegalDocument } from './active';
import { legalActiveDecider } from './active';
import type { LegalDocumentActivated } from './events';
import { legalActiveStreamId } from './events';

const at = '2026-11-22T10:00:00.000Z';
const activate = (documentId: number): ActivateLegalDocument => ({
  type: 'ActivateLegalDocument',
  documentId,
  documentType: 'privacy_policy',
  activatedBy: 'admin-1',
  at,
});
const activated = (documentId: number, previousDocumentId: number | null): LegalDocumentActivated => ({
  type: 'LegalDocumentActivated',
  data: { documentId, type: 'privacy_policy', previousDocumentId, activatedBy: 'admin-1', at },
});

describe('ActivateLegalDocument', () => {
  it('activates the first document of a type', () => {
    given(legalActiveDecider)
      .when(activate(3))
      .then([activated(3, null)]);
  });

  it('replaces the active document in the same event', () => {
    given(legalActiveDecider, [activated(3, null)])
      .when(activate(5))
      .then([activated(5, 3)]);
  });

  it('does nothing for the document already active', () => {
    given(legalActiveDecider, [activated(3, null), activated(5, 3)])
      .when(activate(5))
      .then([]);
  });

  it('leaves exactly one active document after 10 concurrent activations of one type', async () => {
    const store = createSqliteEventStore({ path: ':memory:' });
    const stream = legalActiveStreamId('privacy_policy');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        handleCommand(store, stream, legalActiveDecider, activate(i + 1), { maxAttempts: 50, backoff: () => Promise.resolve() }),
      ),
    );
    expect(outcomes.every((o) => o.status === 'fulfilled')).toBe(true);
    const events = (await store.readStream(stream)).map((e) => e.data as LegalDocumentActivated['data']);
    expect(events).toHaveLength(10);
    // Each activation replaced the one before it: a single chain, no document active twice.
    events.forEach((data, i) => expect(data.previousDocumentId).toBe(i === 0 ? null : events[i - 1]?.documentId));
    expect((await loadState(store, stream, legalActiveDecider)).activeId).toBe(events.at(-1)?.documentId);
    await store.close();
  });
});
