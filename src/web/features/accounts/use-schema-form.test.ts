import { describe, expect, it } from 'vitest';
import { registerSchema } from '../../../contract/accounts/accounts';
import { readFieldErrors } from './use-schema-form';

describe('readFieldErrors', () => {
  it('keeps the first failing rule of each field, which is the one the server would answer with', () => {
    const result = registerSchema.safeParse({ name: '', username: 'a!', email: 'x', phone: '0123', password: 'lower', role: 'homeowner' });
    expect(readFieldErrors(result.error)).toEqual({
      name: 'Name must be at least 2 characters',
      username: 'Username must be at least 3 characters',
      email: 'Invalid email format',
      phone: 'Invalid phone number format. Use international format: +1234567890',
      password: 'Password must be at least 8 characters',
    });
  });

  it('has nothing to show for valid input', () => {
    const result = registerSchema.safeParse({ name: 'Jamie Rivera', username: 'jamie', email: 'j@example.com', phone: '', password: 'Sunny-Porch-42' });
    expect(readFieldErrors(result.error)).toEqual({});
  });
});
