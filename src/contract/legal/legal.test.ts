import { describe, expect, it } from 'vitest';
import { acceptAgreementsSchema, documentIdsSchema, documentTypesForRole, legalDocumentSchema, parseDocumentId, parseEffectiveDate } from './legal';

const valid = { type: 'tos_realtor', title: 'Realtor terms', content: 'Terms text', version: '2.0', effectiveDate: '2026-12-01T09:30' };
const firstMessage = (input: unknown) => legalDocumentSchema.safeParse(input).error?.issues[0]?.message;

describe('legalDocumentSchema', () => {
  it('accepts the form, reading its date and time as UTC', () => {
    expect(legalDocumentSchema.parse(valid)).toEqual({ ...valid, effectiveDate: '2026-12-01T09:30:00.000Z' });
  });

  it('accepts a full ISO datetime and keeps its instant', () => {
    expect(legalDocumentSchema.parse({ ...valid, effectiveDate: '2026-12-01T09:30:00+02:00' }).effectiveDate).toBe('2026-12-01T07:30:00.000Z');
    expect(legalDocumentSchema.parse({ ...valid, effectiveDate: '2026-12-01T09:30:00.000Z' }).effectiveDate).toBe('2026-12-01T09:30:00.000Z');
  });

  it.each([
    [{ type: 'cookie_policy' }, 'Type must be tos_homeowner, tos_realtor or privacy_policy'],
    [{ title: '' }, 'Title is required'],
    [{ title: '   ' }, 'Title is required'],
    [{ title: undefined }, 'Title is required'],
    [{ title: 't'.repeat(256) }, 'Title must be less than 255 characters'],
    [{ content: '' }, 'Content is required'],
    [{ content: undefined }, 'Content is required'],
    [{ version: '' }, 'Version is required'],
    [{ version: 'v'.repeat(51) }, 'Version must be less than 50 characters'],
    [{ effectiveDate: '' }, 'Please select a valid date and time'],
    [{ effectiveDate: undefined }, 'Please select a valid date and time'],
    [{ effectiveDate: '2026-02-30T10:00' }, 'Please select a valid date and time'],
    [{ effectiveDate: '2026-12-01' }, 'Please select a valid date and time'],
    [{ effectiveDate: 'tomorrow' }, 'Please select a valid date and time'],
    [{ effectiveDate: '2026-12-01T25:00' }, 'Please select a valid date and time'],
  ])('refuses %j', (override, message) => {
    expect(firstMessage({ ...valid, ...override })).toBe(message);
  });

  it('parses effective dates strictly', () => {
    expect(parseEffectiveDate('2028-02-29T00:00')).toBe('2028-02-29T00:00:00.000Z');
    expect(parseEffectiveDate('2027-02-29T00:00')).toBeNull();
  });
});

describe('document ids', () => {
  it('takes numbers or their digits, once each', () => {
    expect(documentIdsSchema.parse([1, '2', 2])).toEqual([1, 2]);
    expect(documentIdsSchema.safeParse([0]).success).toBe(false);
    expect(documentIdsSchema.safeParse(['1a']).success).toBe(false);
    expect(documentIdsSchema.safeParse('1').success).toBe(false);
    expect(parseDocumentId('12')).toBe(12);
    expect(parseDocumentId('012')).toBeNull();
    expect(parseDocumentId('abc')).toBeNull();
  });

  it('needs at least one document to accept, and ignores what the client claims about itself', () => {
    expect(acceptAgreementsSchema.safeParse({ documentIds: [] }).error?.issues[0]?.message).toBe('Please accept at least one document');
    expect(acceptAgreementsSchema.parse({ documentIds: [3], ipAddress: '1.2.3.4', userAgent: 'Me' }).documentIds).toEqual([3]);
  });

  it('asks each role for its own terms and the privacy policy', () => {
    expect(documentTypesForRole('homeowner')).toEqual(['tos_homeowner', 'privacy_policy']);
    expect(documentTypesForRole('realtor')).toEqual(['tos_realtor', 'privacy_policy']);
  });
});
