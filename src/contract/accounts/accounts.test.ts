import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  changePasswordFormSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  userInfoSchema,
} from './accounts';

/** The first message per field, as the HTTP layer reports them. */
function firstErrors(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

const valid = { username: 'jane_doe-1', password: 'Secret123', email: 'jane@example.com', name: "Jane O'Neil-Smith" };

describe('registerSchema', () => {
  it('accepts a valid registration, defaulting the role and treating an empty phone as none', () => {
    expect(registerSchema.parse({ ...valid, phone: '' })).toEqual({ ...valid, role: 'homeowner', phone: undefined });
    expect(registerSchema.parse({ ...valid, phone: '+14165550123', role: 'realtor' })).toMatchObject({ phone: '+14165550123', role: 'realtor' });
    expect(registerSchema.parse({ ...valid, name: 'José Zoë' }).name).toBe('José Zoë');
  });

  it.each([
    ['username', 'ab', 'Username must be at least 3 characters'],
    ['username', undefined, 'Username must be at least 3 characters'],
    ['username', 'a'.repeat(51), 'Username must be less than 50 characters'],
    ['username', 'jane doe', 'Username can only contain letters, numbers, underscores, and dashes'],
    ['password', 'Ab1', 'Password must be at least 8 characters'],
    ['password', 'secret123', 'Password must contain at least one uppercase letter'],
    ['password', 'SECRET123', 'Password must contain at least one lowercase letter'],
    ['password', 'SecretOnly', 'Password must contain at least one number'],
    ['email', 'not-an-email', 'Invalid email format'],
    ['email', `${'a'.repeat(250)}@example.com`, 'Email must be less than 255 characters'],
    ['phone', '0123456', 'Invalid phone number format. Use international format: +1234567890'],
    ['phone', '+1', 'Invalid phone number format. Use international format: +1234567890'],
    ['phone', '+1234567890123456', 'Invalid phone number format. Use international format: +1234567890'],
    ['name', 'J', 'Name must be at least 2 characters'],
    ['name', 'J'.repeat(101), 'Name must be less than 100 characters'],
    ['name', 'Jane 2', 'Name can only contain letters, spaces, hyphens, and apostrophes'],
  ])('%s %j → %s', (field, value, message) => {
    expect(firstErrors(registerSchema, { ...valid, [field]: value })).toEqual({ [field]: message });
  });

  it('reports the first failing rule of each field', () => {
    expect(firstErrors(registerSchema, {})).toEqual({
      username: 'Username must be at least 3 characters',
      password: 'Password must be at least 8 characters',
      email: 'Invalid email format',
      name: 'Name must be at least 2 characters',
    });
  });
});

describe('loginSchema', () => {
  it('takes a username or an email', () => {
    expect(loginSchema.parse({ username: 'jane', password: 'x' })).toEqual({ username: 'jane', password: 'x' });
    expect(loginSchema.parse({ username: 'jane@example.com', password: 'x', redirectTo: '/store' }).redirectTo).toBe('/store');
  });

  it.each([
    [{ password: 'x' }, { username: 'Username or email is required' }],
    [{ username: '', password: 'x' }, { username: 'Username or email is required' }],
    [{ username: 'jane@', password: 'x' }, { username: 'Enter a valid username (letters, numbers, underscores, dashes) or email address' }],
    [{ username: 'ja', password: 'x' }, { username: 'Enter a valid username (letters, numbers, underscores, dashes) or email address' }],
    [{ username: 'jane', password: '' }, { password: 'Password is required' }],
  ])('%j → %j', (value, errors) => {
    expect(firstErrors(loginSchema, value)).toEqual(errors);
  });
});

describe('the password schemas', () => {
  it('forgot-password needs a valid email', () => {
    expect(firstErrors(forgotPasswordSchema, { email: 'nope' })).toEqual({ email: 'Invalid email format' });
  });

  it('reset-password needs a token and a registration-grade password', () => {
    expect(firstErrors(resetPasswordSchema, { token: '', password: 'weak' })).toEqual({
      token: 'Token is required',
      password: 'Password must be at least 8 characters',
    });
  });

  it('change-password needs both fields and a new password of at least 6', () => {
    expect(firstErrors(changePasswordSchema, {})).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'New password is required',
    });
    expect(firstErrors(changePasswordSchema, { currentPassword: 'a', newPassword: '12345' })).toEqual({
      newPassword: 'Password must be at least 6 characters long',
    });
    expect(changePasswordSchema.parse({ currentPassword: 'a', newPassword: '123456' })).toEqual({ currentPassword: 'a', newPassword: '123456' });
  });

  it('the change-password form also needs a matching confirmation', () => {
    expect(firstErrors(changePasswordFormSchema, { currentPassword: 'a', newPassword: '123456', confirmPassword: '1234567' })).toEqual({
      confirmPassword: "New password and confirmation don't match.",
    });
  });
});

describe('userInfoSchema', () => {
  it('uses the registration rules for name and phone', () => {
    expect(userInfoSchema.parse({ name: ' Jane ', phone: '' })).toEqual({ name: 'Jane', phone: undefined });
    expect(firstErrors(userInfoSchema, { name: 'J', phone: 'abc' })).toEqual({
      name: 'Name must be at least 2 characters',
      phone: 'Invalid phone number format. Use international format: +1234567890',
    });
  });
});
