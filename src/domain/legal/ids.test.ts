import { describe, expect, it } from 'vitest';
import { createSqliteEventStore } from '../../event-store/sqlite';
import { handleCommand } from '../shared/command-handler';
import { given } from '../shared/given-when-then';
import { LEGAL_DOCUMENT_IDS_STREAM } from './events';
import { legalDocumentIds } from './ids';

const at = '2026-11-22T10:00:00.000Z';

describe('AllocateLegalDocumentId', () => {
  it('numbers documents from 1', () => {
    given(legalDocumentIds)
      .when({ type: 'AllocateLegalDocumentId', at })
      .then([{ type: 'LegalDocumentIdAllocated', data: { documentId: 1, at } }]);
  });

  it('takes the number after the last one', () => {
    given(legalDocumentIds, [
      { type: 'LegalDocumentIdAllocated', data: { documentId: 1, at } },
      { type: 'LegalDocumentIdAllocated', data: { documentId: 2, at } },
    ])
      .when({ type: 'AllocateLegalDocumentId', at })
      .then([{ type: 'LegalDocumentIdAllocated', data: { documentId: 3, at } }]);
  });

  it('never hands out one number twice, even to concurrent creations', async () => {
    const store = createSqliteEventStore({ path: ':memory:' });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        handleCommand(
          store,
          LEGAL_DOCUMENT_IDS_STREAM,
          legalDocumentIds,
          { type: 'AllocateLegalDocumentId', at },
          { maxAttempts: 50, backoff: () => Promise.resolve() },
        ),
      ),
    );
    expect(results.map((r) => r.state.last).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    await store.close();
  });
});
