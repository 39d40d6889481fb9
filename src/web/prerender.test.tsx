import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageSeed } from '../contract/page-seed';
import { propertyStreamId } from '../domain/listings/events';
import { expected } from '../event-store/port';
import { pageSeedOf } from '../http/platform/page-seed';
import { propertyListedData, registerHomeowner, registerRealtor } from '../testing/bidding';
import { createTestApp, type TestApp } from '../testing/test-app';
import { prerender, renderSignedIn } from './prerender';

/*
 * Decision 0058: the web app rendered in Node, from the sources as the build's Node bundle is: a guest's public pages,
 * and a signed-in visitor's /home from the seed the server makes for its HTML (src/http/platform/page-seed.ts), with
 * nothing asked of the API while rendering.
 */

// The newest first: the second listed leads the grid.
const TITLES = ['Sunny loft <by the lake>', 'Quiet bungalow'];
const IMAGES = ['images/4b1c3b7e-0f5e-4a8e-9c41-6d2f1a0b7c33.jpg', 'images/0f6a3a52-8f0e-4d3c-9d3e-2b1b6f0c9a11.jpg'];
const LEAD_IMAGE = IMAGES[1] as string;

let t: TestApp;
let realtor: string;
let homeowner: string;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await registerHomeowner(t);
  homeowner = owner.cookie;
  for (const [at, title] of TITLES.entries()) {
    const propertyId = crypto.randomUUID();
    const listed = { ...propertyListedData(propertyId, owner.user.id, { biddingEndsAt: new Date(Date.now() + (7 + at) * 86_400_000).toISOString(), title }), images: [IMAGES[at] as string] };
    const { position } = await t.deps.eventStore.append(propertyStreamId(propertyId), [{ id: crypto.randomUUID(), type: 'PropertyListed', data: listed }], expected.noStream);
    await t.runner.waitFor(position);
  }
  realtor = (await registerRealtor(t, 7)).cookie;
});

afterAll(() => t.close());

async function seedFor(cookie: string): Promise<PageSeed> {
  const seed = await pageSeedOf('/home', new URLSearchParams(), `session=${/session=([^;]+)/.exec(cookie)?.[1] ?? ''}`, (path) => Promise.resolve(t.app.request(path, { headers: { cookie } })));
  if (seed === null) throw new Error('no seed');
  return seed;
}

/** Renders with every request refused: the seed must be all the render reads. */
async function offline<T>(render: () => Promise<T>): Promise<{ result: T; asked: string[] }> {
  const asked: string[] = [];
  const original = globalThis.fetch;
  globalThis.fetch = (input: RequestInfo | URL) => {
    asked.push(String(input instanceof Request ? input.url : input));
    return Promise.reject(new Error('offline'));
  };
  try {
    return { result: await render(), asked };
  } finally {
    globalThis.fetch = original;
  }
}

const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

describe('the first screen rendered in Node', () => {
  it("given a signed-in realtor's seed, when /home is rendered, then the header, the listings and the lead picture are in it, from the seed alone", async () => {
    const seed = await seedFor(realtor);
    const { result: html, asked } = await offline(() => renderSignedIn('/home', seed));
    expect(asked).toEqual([]);
    expect(html).toMatch(/<h1[^>]*>Property Listings<\/h1>/);
    expect(html).toMatch(/<span data-testid="credits-badge">7<!-- --> <!-- -->credits<\/span>/);
    for (const title of TITLES) expect(html).toContain(escaped(title));
    // The first card's picture, at the seeded signed address, eager and first; the others wait for the client.
    const lead = seed.images?.[LEAD_IMAGE]?.url ?? '';
    const images = [...html.matchAll(/<img [^>]*>/g)].map(([tag]) => tag);
    expect(images).toHaveLength(1);
    expect(images[0]).toContain(`srcSet="${lead.replace(/&/g, '&amp;')}&amp;w=400 400w`);
    expect(images[0]).toContain('loading="eager"');
    expect(images[0]).toContain('fetchPriority="high"');
    // No inline script: the site's CSP would refuse it.
    expect(html).not.toContain('<script');
  });

  it("given a homeowner's seed, when /home is rendered, then the header is a homeowner's", async () => {
    const { result: html, asked } = await offline(async () => renderSignedIn('/home', await seedFor(homeowner)));
    expect(asked).toEqual([]);
    expect(html).toContain('>Homeowner</span>');
    expect(html).not.toContain('credits-badge');
    for (const title of TITLES) expect(html).toContain(escaped(title));
  });

  it("given a guest, when / is rendered, then its heading is in it and nothing was asked", async () => {
    const { result: html, asked } = await offline(() => prerender('/'));
    expect(asked).toEqual([]);
    expect(html).toContain('The easiest way to find the best realtors');
  });
});
