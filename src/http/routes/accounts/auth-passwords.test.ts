import { describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../../../testing/test-app';
import { testAppPerTest } from '../../../testing/test-app';
import { registerUser, sendJson, sessionCookie } from '../../../testing/user-session';

const testApp = testAppPerTest();

type Built = TestApp;

/** Asks for a reset link and reads its token from the mail. */
async function requestReset(built: Built, email: string): Promise<string> {
  const before = built.outbox().length;
  const res = await sendJson(built.app, 'POST', '/api/forgot-password', { email });
  expect(res.status).toBe(200);
  // The mail leaves after the answer, so a known email answers as fast as an unknown one.
  await vi.waitFor(() => expect(built.outbox().length).toBe(before + 1));
  const mail = built.outbox()[before];
  expect(mail?.tag).toBe('password-reset');
  const token = /http:\/\/localhost:3000\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error('no reset link in the mail');
  expect(mail?.html).toContain(`http://localhost:3000/reset-password?token=${token}`);
  return token;
}

describe('PUT /api/user/change-password', () => {
  it('changes the password, ends other sessions and keeps this one', async () => {
    const { app } = await testApp();
    const { input, cookie } = await registerUser(app);
    const other = sessionCookie(await sendJson(app, 'POST', '/api/login', { username: input.username, password: input.password }));
    const res = await sendJson(app, 'PUT', '/api/user/change-password', { currentPassword: input.password, newPassword: 'brand-new' }, cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Password updated successfully' });
    const renewed = sessionCookie(res);
    expect(renewed).toBeDefined();
    expect((await sendJson(app, 'GET', '/api/user', undefined, renewed)).status).toBe(200);
    expect((await sendJson(app, 'GET', '/api/user', undefined, other)).status).toBe(401);
    expect((await sendJson(app, 'GET', '/api/user', undefined, cookie)).status).toBe(401);
    expect((await sendJson(app, 'POST', '/api/login', { username: input.username, password: input.password })).status).toBe(401);
    expect((await sendJson(app, 'POST', '/api/login', { username: input.username, password: 'brand-new' })).status).toBe(200);
  });

  it('answers 400 when the current password is wrong, and changes nothing', async () => {
    const { app } = await testApp();
    const { input, cookie } = await registerUser(app);
    const res = await sendJson(app, 'PUT', '/api/user/change-password', { currentPassword: 'Wrong1234', newPassword: 'brand-new' }, cookie);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Current password is incorrect', errors: { currentPassword: 'Current password is incorrect' } });
    expect((await sendJson(app, 'GET', '/api/user', undefined, cookie)).status).toBe(200);
    expect((await sendJson(app, 'POST', '/api/login', { username: input.username, password: input.password })).status).toBe(200);
  });

  it.each([
    [{ newPassword: 'brand-new' }, { currentPassword: 'Current password is required' }],
    [{ currentPassword: 'x' }, { newPassword: 'New password is required' }],
    [{ currentPassword: 'x', newPassword: '12345' }, { newPassword: 'Password must be at least 6 characters long' }],
  ])('answers 400 for %j', async (body, errors) => {
    const { app } = await testApp();
    const { cookie } = await registerUser(app);
    const res = await sendJson(app, 'PUT', '/api/user/change-password', body, cookie);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: Object.values(errors)[0], errors });
  });

  it('answers 401 when signed out', async () => {
    const { app } = await testApp();
    expect((await sendJson(app, 'PUT', '/api/user/change-password', { currentPassword: 'a', newPassword: 'bbbbbb' })).status).toBe(401);
  });
});

describe('POST /api/forgot-password', () => {
  it('answers the same whether or not the email has an account, and mails only an account', async () => {
    const built = await testApp();
    const { input } = await registerUser(built.app);
    const mailsBefore = built.outbox().length;
    const known = await sendJson(built.app, 'POST', '/api/forgot-password', { email: input.email.toUpperCase() });
    const unknown = await sendJson(built.app, 'POST', '/api/forgot-password', { email: 'nobody@example.com' });
    expect(known.status).toBe(unknown.status);
    expect(known.status).toBe(200);
    const knownBody = await known.text();
    expect(knownBody).toBe(await unknown.text());
    expect(JSON.parse(knownBody)).toEqual({ message: 'If an account exists for that email, a password reset link has been sent.' });
    expect(known.headers.getSetCookie()).toEqual(unknown.headers.getSetCookie());
    await vi.waitFor(() => expect(built.outbox().length).toBe(mailsBefore + 1));
    expect(built.outbox().at(-1)?.to).toBe(input.email);
  });

  it('answers 400 for an invalid email', async () => {
    const { app } = await testApp();
    const res = await sendJson(app, 'POST', '/api/forgot-password', { email: 'nope' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Invalid email format', errors: { email: 'Invalid email format' } });
  });
});

describe('POST /api/reset-password', () => {
  it('sets the new password once and ends every session', async () => {
    const built = await testApp();
    const { input, cookie } = await registerUser(built.app);
    const token = await requestReset(built, input.email);
    const res = await sendJson(built.app, 'POST', '/api/reset-password', { token, password: 'Newpass123' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Password has been reset successfully' });
    expect((await sendJson(built.app, 'GET', '/api/user', undefined, cookie)).status).toBe(401);
    expect((await sendJson(built.app, 'POST', '/api/login', { username: input.username, password: input.password })).status).toBe(401);
    expect((await sendJson(built.app, 'POST', '/api/login', { username: input.username, password: 'Newpass123' })).status).toBe(200);

    const again = await sendJson(built.app, 'POST', '/api/reset-password', { token, password: 'Other1234' });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ message: 'Invalid or expired reset token' });
  });

  it('refuses a token after an hour', async () => {
    let now = new Date('2026-11-22T10:00:00.000Z');
    const built = await testApp({ now: () => now });
    const { input } = await registerUser(built.app);
    const token = await requestReset(built, input.email);
    now = new Date('2026-11-22T11:00:00.000Z');
    const res = await sendJson(built.app, 'POST', '/api/reset-password', { token, password: 'Newpass123' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Invalid or expired reset token' });
    now = new Date('2026-11-22T10:59:59.000Z');
    expect((await sendJson(built.app, 'POST', '/api/reset-password', { token, password: 'Newpass123' })).status).toBe(200);
  });

  it('refuses an unknown token', async () => {
    const { app } = await testApp();
    const res = await sendJson(app, 'POST', '/api/reset-password', { token: 'made-up', password: 'Newpass123' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Invalid or expired reset token', errors: { token: 'Invalid or expired reset token' } });
  });

  it.each([
    [{ password: 'Newpass123' }, { token: 'Token is required' }],
    [{ token: '', password: 'Newpass123' }, { token: 'Token is required' }],
    [{ token: 't', password: 'Ab1' }, { password: 'Password must be at least 8 characters' }],
    [{ token: 't', password: 'newpass123' }, { password: 'Password must contain at least one uppercase letter' }],
    [{ token: 't', password: 'NEWPASS123' }, { password: 'Password must contain at least one lowercase letter' }],
    [{ token: 't', password: 'NewPassword' }, { password: 'Password must contain at least one number' }],
  ])('answers 400 for %j', async (body, errors) => {
    const { app } = await testApp();
    const res = await sendJson(app, 'POST', '/api/reset-password', body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: Object.values(errors)[0], errors });
  });
});
