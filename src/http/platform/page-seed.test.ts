import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SEED_ELEMENT_ID, type PageSeed } from '../../contract/page-seed';
import { propertyStreamId } from '../../domain/listings/events';
import { expected } from '../../event-store/port';
import { get, propertyListedData, registerHomeowner, registerRealtor } from '../../testing/bidding';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { PRERENDERED_FILE } from './prerendered';

/*
 * Decision 0058: a signed-in visitor's page carries its first data (the session; /home's first listings and the lead
 * picture's address), and a guest's / and /market their prerendered first screen.
 */

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Static title</title>
  </head>
  <body>
    <div id="root"><div role="status" data-testid="boot-spinner">Loading</div></div>
  </body>
</html>`;

const LEAD_IMAGE = 'images/0f6a3a52-8f0e-4d3c-9d3e-2b1b6f0c9a11.jpg';
// A listing's text goes into a script element: it must not be able to end it.
const TRICKY_TITLE = 'Loft </script><script>alert(1)</script>';

let dir: string;
let t: TestApp;
let realtorCookie: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'client-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), INDEX);
  await writeFile(join(dir, PRERENDERED_FILE), JSON.stringify({ '/': '<main><h1>The prerendered landing</h1></main>' }));
  t = await createTestApp({ clientDir: dir });
  const owner = await registerHomeowner(t);
  const propertyId = crypto.randomUUID();
  const listed = { ...propertyListedData(propertyId, owner.user.id, { biddingEndsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(), title: TRICKY_TITLE }), images: [LEAD_IMAGE] };
  const { position } = await t.deps.eventStore.append(propertyStreamId(propertyId), [{ id: crypto.randomUUID(), type: 'PropertyListed', data: listed }], expected.noStream);
  await t.runner.waitFor(position);
  realtorCookie = (await registerRealtor(t)).cookie;
});

afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true });
});

async function page(path: string, cookie?: string): Promise<{ html: string; cacheControl: string | null }> {
  const res = await t.app.request(path, { headers: cookie === undefined ? {} : { cookie } });
  expect(res.status).toBe(200);
  return { html: await res.text(), cacheControl: res.headers.get('cache-control') };
}

function seedOf(html: string): PageSeed | undefined {
  const json = new RegExp(`<script type="application/json" id="${PAGE_SEED_ELEMENT_ID}">([^<]*)</script>`).exec(html)?.[1];
  return json === undefined ? undefined : (JSON.parse(json) as PageSeed);
}

describe('the first page carries its data', () => {
  it('given a signed-in realtor, when /home is asked for, then its HTML holds the API answers the page starts from, and preloads the lead picture', async () => {
    const { html, cacheControl } = await page('/home', realtorCookie);
    const seed = seedOf(html);
    expect(seed?.user).toEqual(await (await get(t, '/api/user', realtorCookie)).json());
    expect(seed?.listings).toEqual(await (await get(t, '/api/properties?limit=24', realtorCookie)).json());
    expect(seed?.listings?.properties[0]?.title).toBe(TRICKY_TITLE);
    const lead = seed?.images?.[LEAD_IMAGE]?.url;
    expect(lead).toMatch(/^\/api\/files\/images%2F.+\?expires=\d+/);
    expect(html).toContain(`<link rel="preload" as="image" fetchpriority="high" imagesrcset="${(lead ?? '').replace(/&/g, '&#38;')}&#38;w=400 400w`);
    // The title's markup is escaped: the seed is the only script, and it parses.
    expect(html.match(/<script/g)).toHaveLength(1);
    // The visitor's data: no shared cache keeps it.
    expect(cacheControl).toBe('private, no-cache');
    expect(html).not.toContain('data-prerendered');
  });

  it('given a signed-in realtor, when another page or a filtered /home is asked for, then the HTML holds the session only', async () => {
    const user = await (await get(t, '/api/user', realtorCookie)).json();
    for (const path of ['/dashboard', '/home?search=loft', '/listing/p-1']) {
      const seed = seedOf((await page(path, realtorCookie)).html);
      expect(seed, path).toEqual({ user });
    }
  });

  it('given a cookie whose session has ended, when a page is asked for, then the HTML says there is no user', async () => {
    expect(seedOf((await page('/home', 'session=ended')).html)).toEqual({ user: null });
  });

  it('given a guest, when a page is asked for, then the HTML holds no seed, and the back office never one', async () => {
    const guest = await page('/home');
    expect(seedOf(guest.html)).toBeUndefined();
    expect(guest.cacheControl).toBe('no-cache');
    expect(seedOf((await page('/admin', realtorCookie)).html)).toBeUndefined();
  });
});

describe('the public pages prerendered', () => {
  it("given a guest, when / is asked for, then #root holds the prerendered screen in place of the spinner", async () => {
    const { html } = await page('/');
    expect(html).toContain('<div id="root" data-prerendered=""><main><h1>The prerendered landing</h1></main></div>');
    expect(html).not.toContain('boot-spinner');
  });

  it('given a page with no prerendered screen, a query, or a session, then the spinner stays', async () => {
    for (const [path, cookie] of [['/about', undefined], ['/?ref=mail', undefined], ['/', realtorCookie]] as const) {
      const { html } = await page(path, cookie);
      expect(html, path).toContain('<div id="root"><div role="status" data-testid="boot-spinner">');
      expect(html, path).not.toContain('data-prerendered');
    }
  });
});
