import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import type { ProspectEvent, SubmitProspect } from './decide';
import { prospectDecider, prospectStreamId } from './decide';

const at = '2026-11-22T10:00:00.000Z';
const submit = (overrides: Partial<SubmitProspect> = {}): SubmitProspect => ({
  type: 'SubmitProspect',
  prospectId: 'p-1',
  email: 'Jane@Example.com',
  inquiryType: 'homeowner',
  message: 'I would like to list my house.',
  page: 'contact',
  ipAddress: '203.0.113.7',
  userAgent: 'Browser/1.0',
  at,
  ...overrides,
});
const submitted = (command: SubmitProspect): ProspectEvent => {
  const { type: _type, ...data } = command;
  return { type: 'ProspectSubmitted', data };
};

describe('SubmitProspect', () => {
  it('records a first submission with everything the form and the request carried', () => {
    given(prospectDecider)
      .when(submit())
      .then([submitted(submit())]);
  });

  it('records nothing for the same submission again within 10 minutes', () => {
    given(prospectDecider, [submitted(submit())])
      .when(submit({ prospectId: 'p-2', at: '2026-11-22T10:09:59.999Z' }))
      .then([]);
  });

  it('records the same submission again once 10 minutes have passed', () => {
    const again = submit({ prospectId: 'p-2', at: '2026-11-22T10:10:00.000Z' });
    given(prospectDecider, [submitted(submit())])
      .when(again)
      .then([submitted(again)]);
  });

  it.each([
    ['another inquiry type', { inquiryType: 'realtor' as const }],
    ['another page', { page: 'landing' }],
    ['another message', { message: 'Something else entirely.' }],
    ['no message', { message: null }],
  ])('records a submission with %s at once', (_label, change) => {
    const other = submit({ prospectId: 'p-2', at: '2026-11-22T10:01:00.000Z', ...change });
    given(prospectDecider, [submitted(submit())])
      .when(other)
      .then([submitted(other)]);
  });

  it('treats a submission stamped before the previous one (another clock) as a duplicate', () => {
    given(prospectDecider, [submitted(submit())])
      .when(submit({ prospectId: 'p-2', at: '2026-11-22T09:59:00.000Z' }))
      .then([]);
  });

  it('forgets submissions older than the window', () => {
    const old = submitted(submit());
    const later = submitted(submit({ prospectId: 'p-2', message: 'A later, different message.', at: '2026-11-22T11:00:00.000Z' }));
    expect([old, later].reduce(prospectDecider.evolve, prospectDecider.initialState).recent).toHaveLength(1);
  });

  it('keeps one stream per email address, whatever its case', () => {
    expect(prospectStreamId(' Jane@Example.COM ')).toBe('prospects-jane@example.com');
  });
});
