import { describe, expect, it } from 'vitest';
import { AMOUNT_REQUIRED, AMOUNT_TOO_LOW, MESSAGE_TOO_LONG, editBidSchema, placeBidSchema, selectBidSchema } from './bidding';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('bid input rules', () => {
  it('trims the message and leaves it out when empty', () => {
    expect(placeBidSchema.parse({ propertyId: 'p1', amount: 100, message: '  Hi  ' })).toEqual({ propertyId: 'p1', amount: 100, message: 'Hi' });
    expect(placeBidSchema.parse({ propertyId: 7, amount: 150.5, message: '   ' })).toEqual({ propertyId: '7', amount: 150.5 });
    expect(placeBidSchema.parse({ amount: 100, message: null })).toEqual({ amount: 100 });
  });

  it('needs an amount that is a number of at least 100', () => {
    expect(firstMessage(placeBidSchema.safeParse({ amount: '100' }))).toBe(AMOUNT_REQUIRED);
    expect(firstMessage(placeBidSchema.safeParse({}))).toBe(AMOUNT_REQUIRED);
    expect(firstMessage(placeBidSchema.safeParse({ amount: 99 }))).toBe(AMOUNT_TOO_LOW);
    expect(firstMessage(placeBidSchema.safeParse({ amount: -5 }))).toBe(AMOUNT_TOO_LOW);
    expect(AMOUNT_TOO_LOW).toBe('Bid amount must be at least 100');
  });

  it('bounds the message', () => {
    expect(firstMessage(placeBidSchema.safeParse({ amount: 100, message: 'x'.repeat(2001) }))).toBe(MESSAGE_TOO_LONG);
    expect(firstMessage(editBidSchema.safeParse({}))).toBe('Message is required');
    expect(editBidSchema.parse({ message: ' New ' })).toEqual({ message: 'New' });
  });

  it('needs a bid to select', () => {
    expect(firstMessage(selectBidSchema.safeParse({}))).toBe('Bid is required');
  });
});
