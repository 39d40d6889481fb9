import { describe, expect, it } from 'vitest';
import { prospectSchema } from './prospect-requests';

const valid = { email: 'jane@example.com', inquiryType: 'general', message: 'Hello there, I have a question.', page: 'contact' };
const firstMessage = (input: unknown) => prospectSchema.safeParse(input).error?.issues[0]?.message;

describe('prospectSchema', () => {
  it('accepts the contact form and the about form (no message)', () => {
    expect(prospectSchema.parse(valid)).toEqual(valid);
    expect(prospectSchema.parse({ email: ' jane@example.com ', inquiryType: 'realtor', page: 'about' })).toEqual({
      email: 'jane@example.com',
      inquiryType: 'realtor',
      page: 'about',
    });
  });

  it('treats an empty or blank message as none', () => {
    expect(prospectSchema.parse({ ...valid, message: '   ' }).message).toBeUndefined();
    expect(prospectSchema.parse({ ...valid, message: null }).message).toBeUndefined();
  });

  it.each([
    [{ email: 'jane' }, 'Please enter a valid email address'],
    [{ email: undefined }, 'Please enter a valid email address'],
    [{ email: `${'a'.repeat(250)}@example.com` }, 'Email must be less than 255 characters'],
    [{ inquiryType: undefined }, 'Please select your role'],
    [{ inquiryType: 'investor' }, 'Please select your role'],
    [{ message: 'Too short' }, 'Message must be at least 10 characters long'],
    [{ message: 'x'.repeat(5001) }, 'Message must be less than 5000 characters'],
    [{ page: undefined }, 'Page is required'],
    [{ page: '' }, 'Page is required'],
    [{ page: 'p'.repeat(51) }, 'Page must be less than 50 characters'],
  ])('refuses %j', (override, message) => {
    expect(firstMessage({ ...valid, ...override })).toBe(message);
  });
});
