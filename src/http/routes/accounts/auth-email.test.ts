import { describe, expect, it } from 'vitest';
import type { Mail } from '../../../mail/port';
import { testAppPerTest } from '../../../testing/test-app';
import { registerUser, sendJson } from '../../../testing/user-session';

const testApp = testAppPerTest();

/** The path and query of the verification link in a mail, as a mail client would open it. */
function verificationPath(mail: Mail | undefined): string {
  const link = /http:\/\/localhost:3000(\/api\/verify-email\?token=[A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
  if (!link) throw new Error('no verification link in the mail');
  return link;
}

describe('GET /api/verify-email', () => {
  it('verifies the email and redirects to /home, which says so; a second click does no harm', async () => {
    const built = await testApp();
    const { cookie } = await registerUser(built.app);
    const path = verificationPath(built.outbox()[0]);
    const res = await built.app.request(path);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/home?emailVerification=verified');
    expect(await (await sendJson(built.app, 'GET', '/api/user', undefined, cookie)).json()).toMatchObject({ emailVerified: true });
    expect((await built.app.request(path)).headers.get('location')).toBe('/home?emailVerification=verified');
  });

  it('redirects a wrong, missing or expired token to /home?emailVerification=invalid', async () => {
    let now = new Date('2026-11-22T10:00:00.000Z');
    const built = await testApp({ now: () => now });
    const { cookie } = await registerUser(built.app);
    for (const path of ['/api/verify-email?token=made-up', '/api/verify-email']) {
      const res = await built.app.request(path);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/home?emailVerification=invalid');
    }
    now = new Date('2026-11-23T10:00:00.000Z');
    expect((await built.app.request(verificationPath(built.outbox()[0]))).headers.get('location')).toBe('/home?emailVerification=invalid');
    expect(await (await sendJson(built.app, 'GET', '/api/user', undefined, cookie)).json()).toMatchObject({ emailVerified: false });
  });
});

describe('POST /api/resend-verification', () => {
  it('mails a new link, which replaces the previous one', async () => {
    const built = await testApp();
    const { cookie, input } = await registerUser(built.app);
    const res = await sendJson(built.app, 'POST', '/api/resend-verification', {}, cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Verification email sent' });
    const [first, second] = built.outbox();
    expect(second?.to).toBe(input.email);
    expect((await built.app.request(verificationPath(first))).headers.get('location')).toBe('/home?emailVerification=invalid');
    expect((await built.app.request(verificationPath(second))).headers.get('location')).toBe('/home?emailVerification=verified');
  });

  it('answers 409 once the email is verified, and 401 when signed out', async () => {
    const built = await testApp();
    const { cookie } = await registerUser(built.app);
    await built.app.request(verificationPath(built.outbox()[0]));
    const res = await sendJson(built.app, 'POST', '/api/resend-verification', {}, cookie);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: 'Email is already verified' });
    expect((await sendJson(built.app, 'POST', '/api/resend-verification', {})).status).toBe(401);
  });
});
