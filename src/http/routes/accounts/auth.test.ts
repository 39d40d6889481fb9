import { describe, expect, it } from 'vitest';
import { expected } from '../../../event-store/port';
import { testAppPerTest } from '../../../testing/test-app';
import { registerUser, registration, sendJson, sessionCookie } from '../../../testing/user-session';

const testApp = testAppPerTest();

const USER_FIELDS = ['id', 'username', 'email', 'name', 'phone', 'role', 'credits', 'emailVerified', 'isVerified', 'profileImageUrl', 'createdAt', 'hasPaymentMethod', 'paymentCard'];

describe('POST /api/register', () => {
  it('creates the account, signs it in and mails a verification link', async () => {
    const { app, outbox } = await testApp({ now: () => new Date('2026-11-22T10:00:00.000Z') });
    const input = registration({ username: 'Jane_Doe', email: 'Jane@Example.com', phone: '+14165550123', role: 'realtor' });
    const res = await sendJson(app, 'POST', '/api/register', input);
    expect(res.status).toBe(201);
    const user = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(user).sort()).toEqual([...USER_FIELDS].sort());
    expect(user).toMatchObject({
      username: 'Jane_Doe',
      email: 'Jane@Example.com',
      name: 'Jane Doe',
      phone: '+14165550123',
      role: 'realtor',
      credits: 0,
      emailVerified: false,
      isVerified: false,
      profileImageUrl: null,
      createdAt: '2026-11-22T10:00:00.000Z',
    });
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
    const setCookie = res.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/session=[^;]+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax/);

    const me = await sendJson(app, 'GET', '/api/user', undefined, sessionCookie(res));
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual(user);

    const [mail] = outbox();
    expect(mail).toMatchObject({ to: 'Jane@Example.com', tag: 'email-verification' });
    expect(mail?.text).toMatch(/http:\/\/localhost:3000\/api\/verify-email\?token=[A-Za-z0-9_-]{43}/);
  });

  it('defaults the role to homeowner and an empty phone to none', async () => {
    const { app } = await testApp();
    const { user } = await registerUser(app, { phone: '' });
    expect(user).toMatchObject({ role: 'homeowner', phone: null });
  });

  it.each([
    [{ username: 'ab' }, 'username', 'Username must be at least 3 characters'],
    [{ username: 'a'.repeat(51) }, 'username', 'Username must be less than 50 characters'],
    [{ username: 'jane doe' }, 'username', 'Username can only contain letters, numbers, underscores, and dashes'],
    [{ password: 'Ab1' }, 'password', 'Password must be at least 8 characters'],
    [{ password: 'secret123' }, 'password', 'Password must contain at least one uppercase letter'],
    [{ password: 'SECRET123' }, 'password', 'Password must contain at least one lowercase letter'],
    [{ password: 'SecretOnly' }, 'password', 'Password must contain at least one number'],
    [{ email: 'jane' }, 'email', 'Invalid email format'],
    [{ email: `${'a'.repeat(250)}@example.com` }, 'email', 'Email must be less than 255 characters'],
    [{ phone: '012345' }, 'phone', 'Invalid phone number format. Use international format: +1234567890'],
    [{ name: 'J' }, 'name', 'Name must be at least 2 characters'],
    [{ name: 'J'.repeat(101) }, 'name', 'Name must be less than 100 characters'],
    [{ name: 'Jane 2' }, 'name', 'Name can only contain letters, spaces, hyphens, and apostrophes'],
  ])('answers 400 for %j', async (override, field, message) => {
    const { app } = await testApp();
    const res = await sendJson(app, 'POST', '/api/register', registration(override));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message, errors: { [field]: message } });
  });

  it('answers 409 for a taken username or email, whatever their case, and frees the username when the email was taken', async () => {
    const { app, deps } = await testApp();
    const { eventStore } = deps;
    await registerUser(app, { username: 'jane', email: 'jane@example.com' });
    const taken = await sendJson(app, 'POST', '/api/register', registration({ username: 'JANE' }));
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ message: 'Username already exists' });
    const emailTaken = await sendJson(app, 'POST', '/api/register', registration({ username: 'bob', email: 'JANE@example.com' }));
    expect(emailTaken.status).toBe(409);
    expect(await emailTaken.json()).toEqual({ message: 'Email already exists' });
    expect((await eventStore.readStream('username-bob')).map((e) => e.type)).toEqual(['NameReserved', 'NameReleased']);
    await registerUser(app, { username: 'bob' });
  });

  it('lets exactly one of twenty parallel registrations of one username through', async () => {
    const { app, deps } = await testApp();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => sendJson(app, 'POST', '/api/register', registration({ username: 'popular', email: `p${i}@example.com` }))),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await deps.readStore.collection('users').countDocuments({ usernameLower: 'popular' })).toBe(1);
  });

  it('takes over a reservation orphaned by a crash before registering, but not a recent one', async () => {
    let now = new Date('2026-11-22T10:00:00.000Z');
    const { app, deps } = await testApp({ now: () => now });
    const { eventStore } = deps;
    const orphan = (at: string) => [{ id: crypto.randomUUID(), type: 'NameReserved', data: { ownerId: crypto.randomUUID(), at } }];
    await eventStore.append('username-ghost', orphan('2026-11-22T09:55:00.000Z'), expected.noStream);
    expect((await sendJson(app, 'POST', '/api/register', registration({ username: 'ghost' }))).status).toBe(409);
    now = new Date('2026-11-22T10:06:00.000Z');
    expect((await sendJson(app, 'POST', '/api/register', registration({ username: 'ghost' }))).status).toBe(201);
  });
});

describe('POST /api/login', () => {
  it('signs in by username or email in any case, records the sign-in and returns a same-site redirect', async () => {
    const { app } = await testApp({ now: () => new Date('2026-11-22T10:00:00.000Z') });
    const { input, user } = await registerUser(app, { username: 'jane', email: 'jane@example.com' });
    const byName = await sendJson(app, 'POST', '/api/login', { username: 'JANE', password: input.password, redirectTo: '/store?tab=1' });
    expect(byName.status).toBe(200);
    expect(await byName.json()).toEqual({ user, redirectTo: '/store?tab=1' });
    const cookie = sessionCookie(byName);
    expect((await sendJson(app, 'GET', '/api/user', undefined, cookie)).status).toBe(200);

    const byEmail = await sendJson(app, 'POST', '/api/login', { username: 'Jane@Example.com', password: input.password });
    expect(await byEmail.json()).toEqual({ user });
  });

  it.each([
    '//evil.example/x',
    'https://evil.example',
    '/\\evil.example',
    'home',
    '/\t/evil.example',
    'javascript:alert(1)',
    '/%2F%2Fevil.example',
    '/%5Cevil.example',
    '/%252F%252Fevil.example',
    '/..//evil.example',
    '/\u0000/evil.example',
  ])('signs in but drops the redirect %j', async (redirectTo) => {
    const { app } = await testApp();
    const { input, user } = await registerUser(app);
    const res = await sendJson(app, 'POST', '/api/login', { username: input.username, password: input.password, redirectTo });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ user });
  });

  it('answers 401 with one message for a wrong password and for an unknown user', async () => {
    const { app } = await testApp();
    const { input } = await registerUser(app);
    const wrong = await sendJson(app, 'POST', '/api/login', { username: input.username, password: 'Wrong1234' });
    const unknown = await sendJson(app, 'POST', '/api/login', { username: 'nobody_here', password: 'Wrong1234' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: 'Invalid username or password' });
    expect(await unknown.json()).toEqual({ message: 'Invalid username or password' });
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it.each([
    [{ password: 'x' }, 'username', 'Username or email is required'],
    [{ username: '', password: 'x' }, 'username', 'Username or email is required'],
    [{ username: 'a b', password: 'x' }, 'username', 'Enter a valid username (letters, numbers, underscores, dashes) or email address'],
    [{ username: 'jane@', password: 'x' }, 'username', 'Enter a valid username (letters, numbers, underscores, dashes) or email address'],
    [{ username: 'jane' }, 'password', 'Password is required'],
  ])('answers 400 for %j', async (body, field, message) => {
    const { app } = await testApp();
    const res = await sendJson(app, 'POST', '/api/login', body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message, errors: { [field]: message } });
  });
});

describe('the session', () => {
  it('GET /api/user answers 401 when signed out or with a forged cookie', async () => {
    const { app } = await testApp();
    expect((await sendJson(app, 'GET', '/api/user')).status).toBe(401);
    const forged = await sendJson(app, 'GET', '/api/user', undefined, 'session=eyJhbGciOiJIUzI1NiJ9.e30.x');
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ message: 'Not authenticated' });
  });

  it('POST /api/logout clears the cookie', async () => {
    const { app } = await testApp();
    const { cookie } = await registerUser(app);
    const res = await sendJson(app, 'POST', '/api/logout', undefined, cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(res.headers.getSetCookie().join('\n')).toMatch(/session=; Max-Age=0/);
  });
});

describe('PUT /api/user/info', () => {
  it('updates the name and phone and answers the user', async () => {
    const { app } = await testApp();
    const { cookie, user } = await registerUser(app, { phone: '+14165550123' });
    const res = await sendJson(app, 'PUT', '/api/user/info', { name: "Jane O'Neil", phone: '' }, cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ...user, name: "Jane O'Neil", phone: null });
    expect(await (await sendJson(app, 'GET', '/api/user', undefined, cookie)).json()).toMatchObject({ name: "Jane O'Neil", phone: null });
  });

  it.each([
    [{ name: 'J', phone: '' }, 'name', 'Name must be at least 2 characters'],
    [{ name: 'J'.repeat(101) }, 'name', 'Name must be less than 100 characters'],
    [{ name: 'Jane_Doe' }, 'name', 'Name can only contain letters, spaces, hyphens, and apostrophes'],
    [{ name: 'Jane', phone: '+0123' }, 'phone', 'Invalid phone number format. Use international format: +1234567890'],
  ])('answers 400 for %j', async (body, field, message) => {
    const { app } = await testApp();
    const { cookie } = await registerUser(app);
    const res = await sendJson(app, 'PUT', '/api/user/info', body, cookie);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message, errors: { [field]: message } });
  });

  it('answers 401 when signed out', async () => {
    const { app } = await testApp();
    expect((await sendJson(app, 'PUT', '/api/user/info', { name: 'Jane' })).status).toBe(401);
  });
});
