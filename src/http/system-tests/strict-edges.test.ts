import { describe, expect, it } from 'vitest';
import { registerUser, registration, sendJson } from '../../testing/user-session';
import { TEST_ORIGIN, testAppPerTest } from '../../testing/test-app';
import { CONTROL_CHARACTERS_MESSAGE, JSON_ONLY_MESSAGE } from '../validation';

const testApp = testAppPerTest();

describe('stricter edges', () => {
  it('reads a JSON body only when it says it is JSON: text/plain and forms answer 415 and write nothing', async () => {
    const { app } = await testApp();
    const body = JSON.stringify(registration({ role: 'homeowner' }));
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', undefined]) {
      const res = await app.request('/api/register', { method: 'POST', headers: { origin: TEST_ORIGIN, ...(type ? { 'content-type': type } : {}) }, body });
      expect(res.status, String(type)).toBe(415);
      expect(await res.json()).toEqual({ message: JSON_ONLY_MESSAGE });
    }
    const { username, password } = JSON.parse(body) as { username: string; password: string };
    expect((await sendJson(app, 'POST', '/api/login', { username, password })).status).toBe(401);
    // With a charset, it is JSON all the same.
    const res = await app.request('/api/register', { method: 'POST', headers: { origin: TEST_ORIGIN, 'content-type': 'application/json; charset=utf-8' }, body });
    expect(res.status).toBe(201);
  });

  it('checks the Referer of a state-changing request that carries neither Origin nor Sec-Fetch-Site', async () => {
    const { app } = await testApp();
    const post = (headers: Record<string, string>) => app.request('/api/anything', { method: 'POST', headers });
    const foreign = await post({ referer: 'https://evil.example/page' });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ message: 'Cross-site request refused' });
    expect((await post({ referer: 'not a url' })).status).toBe(403);
    // Our own pages, and clients that send none of the three headers, get through (to the 404 here).
    expect((await post({ referer: `${TEST_ORIGIN}/list-property` })).status).toBe(404);
    expect((await post({})).status).toBe(404);
    // Origin, when sent, decides alone.
    expect((await post({ origin: TEST_ORIGIN, referer: 'https://evil.example/' })).status).toBe(404);
  });

  it('refuses C0 control characters other than newline and tab, and direction overrides, in every text field', async () => {
    const { app } = await testApp();
    const { cookie } = await registerUser(app, { role: 'homeowner' });
    const cases: Array<[string, string]> = [
      ['NUL', 'Sunny\u0000house'],
      ['carriage return', 'Sunny\rhouse'],
      ['escape', 'Sunny\u001bhouse'],
      ['right-to-left override', 'gpj.\u202Eexe'],
      ['left-to-right embedding', '\u202Aaddress'],
      ['first strong isolate', '\u2068isolate'],
    ];
    for (const [name, text] of cases) {
      const res = await sendJson(app, 'POST', '/api/prospects', { name: text, email: 'a@example.com', inquiryType: 'homeowner', message: 'Hello there, a question.', page: 'contact' }, cookie);
      expect(res.status, name).toBe(400);
      expect(await res.json(), name).toEqual({ message: CONTROL_CHARACTERS_MESSAGE, errors: { name: CONTROL_CHARACTERS_MESSAGE } });
    }
    // Nested fields are read too, and the field is named by its path.
    const nested = await sendJson(app, 'POST', '/api/register', registration({ role: 'homeowner', extra: { notes: ['ok', 'bad\u0007'] } }));
    expect(nested.status).toBe(400);
    expect(await nested.json()).toEqual({ message: CONTROL_CHARACTERS_MESSAGE, errors: { 'extra.notes.1': CONTROL_CHARACTERS_MESSAGE } });
    // A body nested as deep as the size limit allows is read without exhausting the stack: the schema answers.
    const depth = 200_000;
    const deep = await app.request('/api/prospects', {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', cookie },
      body: `{"name":${'['.repeat(depth)}"bad\\u0000"${']'.repeat(depth)},"email":"a@example.com","inquiryType":"homeowner","page":"contact"}`,
    });
    expect(deep.status).toBe(400);
    expect(((await deep.json()) as { message: string }).message).toBe(CONTROL_CHARACTERS_MESSAGE);
    // Newlines and tabs are text.
    const fine = await sendJson(app, 'POST', '/api/prospects', { name: 'Jane', email: 'a@example.com', inquiryType: 'homeowner', message: 'First line\n\tand an indented second.', page: 'contact' }, cookie);
    expect(fine.status).toBe(201);
  });
});
