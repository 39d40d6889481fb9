import { describe, expect, it } from 'vitest';
import { adminLoginSchema, adminUserUpdateSchema, createAdminSchema, setAdminPasswordSchema } from './admins';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('admin rules', () => {
  it('requires username and password to sign in', () => {
    expect(firstMessage(adminLoginSchema.safeParse({ password: 'x' }))).toBe('Username is required');
    expect(firstMessage(adminLoginSchema.safeParse({ username: '  ', password: 'x' }))).toBe('Username is required');
    expect(firstMessage(adminLoginSchema.safeParse({ username: 'admin', password: '' }))).toBe('Password is required');
    expect(adminLoginSchema.parse({ username: ' admin ', password: 'p' })).toEqual({ username: 'admin', password: 'p' });
  });

  it('requires every field to create an administrator, with a role of admin or moderator', () => {
    const valid = { username: 'mod_1', password: 'secret', name: 'Mo', email: 'mo@example.com', role: 'moderator' };
    expect(createAdminSchema.parse(valid)).toEqual(valid);
    expect(firstMessage(createAdminSchema.safeParse({ ...valid, username: undefined }))).toBe('Username is required');
    expect(firstMessage(createAdminSchema.safeParse({ ...valid, username: 'a b c' }))).toBe('Username can only contain letters, numbers, underscores, and dashes');
    expect(firstMessage(createAdminSchema.safeParse({ ...valid, password: undefined }))).toBe('Password is required');
    expect(firstMessage(createAdminSchema.safeParse({ ...valid, password: '12345' }))).toBe('Password must be at least 6 characters long');
    expect(firstMessage(createAdminSchema.safeParse({ ...valid, name: '' }))).toBe('Name is required');
    expect(firstMessage(createAdminSchema.safeParse({ ...valid, email: '' }))).toBe('Email is required');
    expect(firstMessage(createAdminSchema.safeParse({ ...valid, email: 'nope' }))).toBe('Invalid email format');
    expect(firstMessage(createAdminSchema.safeParse({ ...valid, role: 'super_admin' }))).toBe('Role must be admin or moderator');
    expect(firstMessage(createAdminSchema.safeParse({ ...valid, role: undefined }))).toBe('Role must be admin or moderator');
  });

  it('wants an edited password of at least 6 characters', () => {
    expect(firstMessage(setAdminPasswordSchema.safeParse({ password: '12345' }))).toBe('Password must be at least 6 characters long');
    expect(setAdminPasswordSchema.parse({ password: '123456' })).toEqual({ password: '123456' });
  });

  it("parses a user's credits as an integer of at least 0, and reads empty fields as no change", () => {
    expect(adminUserUpdateSchema.parse({ credits: '12' })).toEqual({ credits: 12 });
    expect(adminUserUpdateSchema.parse({ credits: 0 })).toEqual({ credits: 0 });
    expect(adminUserUpdateSchema.parse({ credits: ' ', password: '' })).toEqual({});
    expect(adminUserUpdateSchema.parse({ credits: null })).toEqual({});
    expect(adminUserUpdateSchema.parse({})).toEqual({});
    for (const credits of [-1, '-1', 1.5, '1.5', 'abc', true]) {
      expect(firstMessage(adminUserUpdateSchema.safeParse({ credits }))).toBe('Credits must be a whole number of at least 0');
    }
    expect(firstMessage(adminUserUpdateSchema.safeParse({ password: '12345' }))).toBe('Password must be at least 6 characters long');
    expect(adminUserUpdateSchema.parse({ password: 'abcdef' })).toEqual({ password: 'abcdef' });
  });
});
