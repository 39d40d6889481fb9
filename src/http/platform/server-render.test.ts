import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyStreamId } from '../../domain/listings/events';
import { expected } from '../../event-store/port';
import { propertyListedData, registerHomeowner, registerRealtor } from '../../testing/bidding';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { PRERENDERED_FILE, START_AFTER_PAINT_SCRIPT } from './prerendered';
import { SERVER_RENDER_DIR, SERVER_RENDER_ENTRY } from './server-render';

/*
 * Decision 0058, third round: a signed-in visitor's /home arrives rendered, by the web app built for Node (dist/ssr
 * beside dist/client) from the data the page's HTML carries. The build's renderer is stood in for here by a module
 * that writes what it was given, as the other tests stand in for the build's prerendered.json; src/web/prerender.test.tsx
 * renders the real one from the same seed.
 */

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Static title</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-def.js">
    <link rel="stylesheet" crossorigin href="/assets/index-ghi.css">
  </head>
  <body>
    <div id="root"><div role="status" data-testid="boot-spinner">Loading</div></div>
  </body>
</html>`;

// What src/web/prerender.tsx exports, answering with what it was given; it fails for one visitor.
const RENDERER = `
export const SIGNED_IN_PAGES = ['/home'];
export async function renderSignedIn(path, seed) {
  if (seed.user.email.startsWith('broken')) throw new Error('the render failed');
  return '<main data-path="' + path + '" data-email="' + seed.user.email + '">' + seed.listings.properties.length + ' listings, lead ' + Object.keys(seed.images ?? {}).join() + '</main>';
}
`;

const LEAD_IMAGE = 'images/0f6a3a52-8f0e-4d3c-9d3e-2b1b6f0c9a11.jpg';
const SPINNER = '<div id="root"><div role="status" data-testid="boot-spinner">';

let root: string;
let t: TestApp;
let realtor: { cookie: string; email: string };
let brokenCookie: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'dist-'));
  const clientDir = join(root, 'client');
  await mkdir(join(clientDir, 'assets'), { recursive: true });
  await writeFile(join(clientDir, 'index.html'), INDEX);
  await writeFile(join(clientDir, PRERENDERED_FILE), JSON.stringify({ '/': '<main><h1>The prerendered landing</h1></main>' }));
  await mkdir(join(root, SERVER_RENDER_DIR));
  await writeFile(join(root, SERVER_RENDER_DIR, SERVER_RENDER_ENTRY), RENDERER);
  t = await createTestApp({ clientDir });
  const owner = await registerHomeowner(t);
  const propertyId = crypto.randomUUID();
  const listed = { ...propertyListedData(propertyId, owner.user.id, { biddingEndsAt: new Date(Date.now() + 7 * 86_400_000).toISOString() }), images: [LEAD_IMAGE] };
  const { position } = await t.deps.eventStore.append(propertyStreamId(propertyId), [{ id: crypto.randomUUID(), type: 'PropertyListed', data: listed }], expected.noStream);
  await t.runner.waitFor(position);
  const registered = await registerRealtor(t);
  realtor = { cookie: registered.cookie, email: String(registered.user.email) };
  brokenCookie = (await registerRealtor(t, 0, { email: 'broken-render@example.com', username: 'broken_render' })).cookie;
});

afterAll(async () => {
  await t.close();
  await rm(root, { recursive: true });
});

async function htmlOf(path: string, cookie?: string): Promise<string> {
  const res = await t.app.request(path, { headers: cookie === undefined ? {} : { cookie } });
  expect(res.status).toBe(200);
  return res.text();
}

describe("a signed-in visitor's /home rendered on the server", () => {
  it('given a signed-in realtor, when /home is asked for, then #root holds the screen rendered from the seed the HTML carries', async () => {
    const html = await htmlOf('/home', realtor.cookie);
    expect(html).toContain(`<div id="root" data-prerendered=""><main data-path="/home" data-email="${realtor.email}">1 listings, lead ${LEAD_IMAGE}</main></div>`);
    expect(html).not.toContain('boot-spinner');
    // The client still starts from the same answers.
    expect(html).toContain('<script type="application/json" id="bidhome-seed">');
  });

  it('given a signed-in realtor, when another page, a filtered /home or /home with a notice is asked for, then the spinner stays', async () => {
    for (const path of ['/dashboard', '/home?search=loft', '/home?emailVerification=verified', '/', '/about']) {
      const html = await htmlOf(path, realtor.cookie);
      expect(html, path).toContain(SPINNER);
      expect(html, path).not.toContain('data-prerendered');
    }
  });

  it('given a guest or an ended session, when /home is asked for, then nothing is rendered for them', async () => {
    for (const cookie of [undefined, 'session=ended']) expect(await htmlOf('/home', cookie)).toContain(SPINNER);
  });

  it('given a render that fails, when /home is asked for, then the page still answers, with the spinner, and the failure is logged', async () => {
    const html = await htmlOf('/home', brokenCookie);
    expect(html).toContain(SPINNER);
    expect(t.logger.lines.some((line) => line.level === 'error' && String(line.msg ?? line.message).startsWith('server render failed'))).toBe(true);
  });

  it('given a page whose first screen is in the HTML, then its scripts start after it has painted; a spinner page starts them at once', async () => {
    const loader = `<script data-scripts="/assets/index-abc.js /assets/react-def.js">${START_AFTER_PAINT_SCRIPT}</script>`;
    for (const [path, cookie] of [['/home', realtor.cookie], ['/', undefined]] as const) {
      const res = await t.app.request(path, { headers: cookie === undefined ? {} : { cookie } });
      const html = await res.text();
      expect(html, path).toContain('data-prerendered');
      // After #root, so the lead picture is there to wait for.
      expect(html.indexOf(loader), path).toBeGreaterThan(html.indexOf('</div>'));
      expect(html, path).not.toContain('<script type="module"');
      expect(html, path).not.toContain('rel="modulepreload"');
      // The stylesheet the first paint needs stays where it was.
      expect(html, path).toContain('<link rel="stylesheet" crossorigin href="/assets/index-ghi.css">');
      // The one inline script the policy allows, by its hash.
      const policy = res.headers.get('content-security-policy') ?? '';
      const hash = createHash('sha256').update(START_AFTER_PAINT_SCRIPT).digest('base64');
      expect(/script-src ([^;]*)/.exec(policy)?.[1]).toBe(`'self' 'sha256-${hash}'`);
    }
    for (const [path, cookie] of [['/dashboard', realtor.cookie], ['/about', undefined], ['/home', brokenCookie]] as const) {
      const html = await htmlOf(path, cookie);
      expect(html, path).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
      expect(html, path).not.toContain('data-scripts');
    }
  });
});
