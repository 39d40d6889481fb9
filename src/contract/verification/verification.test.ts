import { describe, expect, it } from 'vitest';
import { ADMIN_NOTES_MESSAGE, REVIEW_FIELDS_MESSAGE, approveVerificationSchema, rejectVerificationSchema, submitVerificationSchema } from './verification';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('verification rules', () => {
  it('needs both subject and message to reject', () => {
    for (const body of [{}, { subject: 'S' }, { message: 'M' }, { subject: '  ', message: 'M' }, { subject: 'S', message: '\n' }]) {
      expect(firstMessage(rejectVerificationSchema.safeParse(body)), JSON.stringify(body)).toBe(REVIEW_FIELDS_MESSAGE);
    }
    expect(rejectVerificationSchema.parse({ subject: ' Bill\r\ntoo old ', message: ' Please resubmit. ' })).toEqual({ subject: 'Bill too old', message: 'Please resubmit.', adminNotes: null });
  });

  it('takes optional admin notes on approval and rejection, at most 2000 characters', () => {
    expect(approveVerificationSchema.parse({})).toEqual({ adminNotes: null });
    expect(approveVerificationSchema.parse({ adminNotes: null })).toEqual({ adminNotes: null });
    expect(approveVerificationSchema.parse({ adminNotes: '  ' })).toEqual({ adminNotes: null });
    expect(approveVerificationSchema.parse({ adminNotes: ' Checked. ' })).toEqual({ adminNotes: 'Checked.' });
    expect(approveVerificationSchema.parse({ adminNotes: 'n'.repeat(2000) }).adminNotes).toHaveLength(2000);
    expect(ADMIN_NOTES_MESSAGE).toBe('Admin notes must be less than 2000 characters');
    expect(firstMessage(approveVerificationSchema.safeParse({ adminNotes: 'n'.repeat(2001) }))).toBe(ADMIN_NOTES_MESSAGE);
    expect(firstMessage(approveVerificationSchema.safeParse({ adminNotes: 'n'.repeat(1_000_000) }))).toBe(ADMIN_NOTES_MESSAGE);
    expect(firstMessage(approveVerificationSchema.safeParse({ adminNotes: 5 }))).toBe('Admin notes must be text');
    expect(firstMessage(rejectVerificationSchema.safeParse({ subject: 'S', message: 'M', adminNotes: 'n'.repeat(2001) }))).toBe(ADMIN_NOTES_MESSAGE);
  });

  it('needs a document key to submit', () => {
    expect(firstMessage(submitVerificationSchema.safeParse({}))).toBe('Please upload your utility bill first');
    expect(submitVerificationSchema.parse({ documentUrl: ' bills/x.pdf ' })).toEqual({ documentUrl: 'bills/x.pdf' });
  });
});
