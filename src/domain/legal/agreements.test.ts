import { describe, it } from 'vitest';
import { given } from '../shared/given-when-then';
import type { AcceptAgreements } from './agreements';
import { agreementsDecider } from './agreements';
import type { AgreementAccepted } from './events';

const at = '2026-11-22T10:00:00.000Z';
const accept = (documentIds: number[], when = at): AcceptAgreements => ({
  type: 'AcceptAgreements',
  userId: 'u1',
  documents: documentIds.map((documentId) => ({ documentId, version: `v${documentId}` })),
  ipAddress: '203.0.113.7',
  userAgent: 'Browser/1.0',
  at: when,
});
const accepted = (documentId: number, agreedAt = at): AgreementAccepted => ({
  type: 'AgreementAccepted',
  data: { userId: 'u1', documentId, version: `v${documentId}`, ipAddress: '203.0.113.7', userAgent: 'Browser/1.0', at: agreedAt },
});

describe('AcceptAgreements', () => {
  it('records one agreement per document, with the version label of the text accepted', () => {
    given(agreementsDecider)
      .when(accept([1, 2]))
      .then([accepted(1), accepted(2)]);
  });

  it('records a document once, even when listed twice', () => {
    given(agreementsDecider)
      .when(accept([1, 1]))
      .then([accepted(1)]);
  });

  it('records nothing for a document already accepted, keeping the first date', () => {
    given(agreementsDecider, [accepted(1)])
      .when(accept([1, 3], '2026-11-23T10:00:00.000Z'))
      .then([accepted(3, '2026-11-23T10:00:00.000Z')]);
    given(agreementsDecider, [accepted(1), accepted(3)])
      .when(accept([3, 1]))
      .then([]);
  });

  it('records nothing for an empty list', () => {
    given(agreementsDecider).when(accept([])).then([]);
  });
});
