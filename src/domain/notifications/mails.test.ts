import { describe, it } from 'vitest';
import { given } from '../shared/given-when-then';
import type { MailSent, RecordMailSent } from './mails';
import { mails } from './mails';

const AT = '2026-11-28T10:00:00.000Z';
const record = (skipped?: string): RecordMailSent => ({ type: 'RecordMailSent', mailId: 'm1', kind: 'bid-selected', causationId: 'e1', ...(skipped ? { skipped } : {}), at: AT });
const sent = (skipped?: string): MailSent => ({ type: 'MailSent', data: { mailId: 'm1', kind: 'bid-selected', causationId: 'e1', ...(skipped ? { skipped } : {}), at: AT } });

describe('RecordMailSent', () => {
  it('records a mail that went out', () => {
    given(mails).when(record()).then([sent()]);
  });

  it('records a mail with nobody to receive it as paid, with the reason', () => {
    given(mails).when(record('the reader was erased')).then([sent('the reader was erased')]);
  });

  it('decides nothing for a mail already recorded, whoever reports it again', () => {
    given(mails, [sent()]).when(record()).then([]);
  });
});
