import { describe, expect, it } from 'vitest';
import { REVIEW_FIELDS_MESSAGE, rejectVerificationSchema, submitVerificationSchema } from './rules';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('verification rules', () => {
  it('needs both subject and message to reject', () => {
    for (const body of [{}, { subject: 'S' }, { message: 'M' }, { subject: '  ', message: 'M' }, { subject: 'S', message: '\n' }]) {
      expect(firstMessage(rejectVerificationSchema.safeParse(body)), JSON.stringify(body)).toBe(REVIEW_FIELDS_MESSAGE);
    }
    expect(rejectVerificationSchema.parse({ subject: ' Bill\r\ntoo old ', message: ' Please resubmit. ' })).toEqual({ subject: 'Bill too old', message: 'Please resubmit.' });
  });

  it('needs a document key to submit', () => {
    expect(firstMessage(submitVerificationSchema.safeParse({}))).toBe('Please upload your utility bill first');
    expect(submitVerificationSchema.parse({ documentUrl: ' bills/x.pdf ' })).toEqual({ documentUrl: 'bills/x.pdf' });
  });
});
