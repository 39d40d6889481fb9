import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoLike } from '../src/testing/images';
import { registerUser, startAdminTestServer, superAdmin, type SeedUser } from './support/admin';
import { launchBrowser, openPage, screenshot, screenshotBoth, signInByApi, viewports } from './support/browser';
import { adminCookie } from './support/legal';
import { adminApi, createListingByApi, pendingVerificationOf, submitBillByApi, uploadFile } from './support/listings';
import { htmlElementsKept, keepHtmlElements } from './support/adoption';
import type { TestServer } from './support/server';

/*
 * Decision 0054: uploaded photos are stored with 400, 800 and 1600 px WebP
 * copies, and /home's 24 cards ask for the copy their slot needs, never the
 * 1600×1200 original. The bytes each viewport downloads are printed for the
 * decision record.
 */

const owner: SeedUser = { username: 'ivy_images', password: 'Homeowner1', name: 'Ivy Images', email: 'ivy@example.com', role: 'homeowner' };
const realtor: SeedUser = { username: 'rex_realtor', password: 'Realtor123', name: 'Rex Realtor', email: 'rex@example.com', role: 'realtor' };
const CARDS = 24;

let server: TestServer;
let browser: Browser;
const imageKeys: string[] = [];
let galleryListing = '';

beforeAll(async () => {
  [server, browser] = await Promise.all([startAdminTestServer(), launchBrowser()]);
  await Promise.all([owner, realtor].map((person) => registerUser(server.url, person)));
  const admin = await adminCookie(server.url, superAdmin);
  const page = await browser.newPage({ baseURL: server.url });
  await page.request.post('/api/login', { data: owner, headers: { Origin: server.url } });
  await submitBillByApi(page, server.url);
  const row = await pendingVerificationOf(server.url, admin, owner.email);
  await adminApi(server.url, admin, 'POST', `/api/admin/verifications/${row.id}/approve`);
  // Six different photos the size a phone's photo is often resized to before upload, four listings each.
  const photos = await Promise.all(Array.from({ length: 6 }, () => photoLike(1600, 1200)));
  for (let i = 0; i < CARDS; i += 1) {
    const { imageKey } = await uploadFile<{ imageKey: string }>(page, server.url, '/api/upload-property-image', 'image', {
      name: `photo-${i}.jpg`,
      mimeType: 'image/jpeg',
      buffer: Buffer.from(photos[i % photos.length] as Uint8Array),
    });
    imageKeys.push(imageKey);
    // The last one shows two more photos, for the carousel and the gallery; cards show the first only.
    const images = i === CARDS - 1 ? [imageKey, ...imageKeys.slice(1, 3)] : [imageKey];
    galleryListing = await createListingByApi(page, server.url, { title: `Photo house ${i + 1}`, images });
  }
  await page.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Download = { url: URL; bytes: number };

/** Opens /home signed in, scrolls through all 24 cards, and answers every image the page downloaded. */
async function imagesOfHome(viewport: { width: number; height: number }, deviceScaleFactor: number): Promise<{ page: Page; downloads: Download[] }> {
  const page = await openPage(browser, { baseURL: server.url, viewport, deviceScaleFactor });
  await signInByApi(page, server.url, realtor);
  const pending: Array<Promise<Download>> = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/files/')) pending.push(response.body().then((body) => ({ url, bytes: body.byteLength })));
  });
  await page.goto('/home');
  const cards = page.getByRole('list', { name: 'Properties' }).getByRole('listitem');
  await cards.nth(CARDS - 1).waitFor();
  expect(await cards.count()).toBe(CARDS);
  // Down the page a screen at a time, so each lazy image starts loading as a reader would reach it.
  for (let y = 0; y < (await page.evaluate(() => document.documentElement.scrollHeight)); y += viewport.height) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(50);
  }
  await expect.poll(() => page.evaluate(() => [...document.images].filter((image) => image.complete && image.naturalWidth > 0).length), LOADING).toBe(CARDS);
  return { page, downloads: await Promise.all(pending) };
}

// Images take their time on a busy machine; the poll's default second is too short.
const LOADING = { timeout: 30_000 };

const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;

describe('the /home grid loads sized copies of the photos (decision 0054)', () => {
  it.each([
    ['desktop', viewports.desktop, 1, ['400']],
    ['phone', viewports.phone, 2, ['800']],
    ['phone at 3x', viewports.phone, 3, ['1600']],
  ] as const)('on a %s, asks for the copy the card needs, one per card, never the original', async (name, viewport, density, widths) => {
    const { downloads } = await imagesOfHome(viewport, density);
    expect(downloads).toHaveLength(CARDS);
    expect([...new Set(downloads.map((download) => download.url.searchParams.get('w')))]).toEqual(widths);
    const total = downloads.reduce((sum, download) => sum + download.bytes, 0);
    console.info(`/home, ${name} ${viewport.width}×${viewport.height} @${density}x: ${downloads.length} images, ${kib(total)}`);
  });

  it('loads only the first card eagerly, and fetches it first', async () => {
    const { page } = await imagesOfHome(viewports.desktop, 1);
    const images = await page.getByRole('list', { name: 'Properties' }).locator('img').evaluateAll((all) =>
      all.map((image) => ({ loading: image.getAttribute('loading'), priority: image.getAttribute('fetchpriority'), sizes: image.getAttribute('sizes') })),
    );
    expect(images[0]).toMatchObject({ loading: 'eager', priority: 'high' });
    expect(images.slice(1).every((image) => image.loading === 'lazy' && image.priority === 'auto')).toBe(true);
    expect(images.every((image) => image.sizes?.includes('calc(100vw - 32px)'))).toBe(true);
    await screenshotBoth(page, 'image-sizes-home');
  });

  it("starts the first card's picture from the HTML: the page asks the API for no session, listings or picture address first (decision 0058)", async () => {
    const page = await openPage(browser, { baseURL: server.url, viewport: viewports.phone, deviceScaleFactor: 2 });
    await signInByApi(page, server.url, realtor);
    const asked: string[] = [];
    // What the browser asked for and what finished, in order: the scripts wait for the lead picture.
    const order: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) asked.push(`${url.pathname}${url.search}`);
      if (request.resourceType() === 'script') order.push('script asked');
    });
    page.on('requestfinished', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/files/')) order.push('picture in');
    });
    await page.goto('/home');
    const lead = page.getByRole('list', { name: 'Properties' }).locator('img').first();
    await expect.poll(() => lead.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0), LOADING).toBe(true);
    // The picture is the one the HTML preloaded (the first API request of the page), fetched once.
    const leadUrl = new URL(await lead.evaluate((image: HTMLImageElement) => image.currentSrc));
    expect(asked[0]).toBe(`${leadUrl.pathname}${leadUrl.search}`);
    expect(asked.filter((path) => path === asked[0])).toHaveLength(1);
    expect(asked.filter((path) => path === '/api/user' || path.startsWith('/api/properties'))).toEqual([]);
    expect(asked).not.toContain(`/api/proxy-image/${encodeURIComponent(imageKeys[CARDS - 1] ?? '')}`);
    expect(order.indexOf('picture in')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('picture in')).toBeLessThan(order.indexOf('script asked'));
  });

  it("arrives rendered: without scripts the header, the cards and the lead picture show, and the client's screen lays them out the same (decision 0058)", async () => {
    // Where each element of the first screen is, to compare the HTML's screen with the client's.
    const boxesOf = (page: Page) =>
      page.evaluate(() =>
        [...document.querySelectorAll('#root h1, #root h2, #root a, #root img')]
          .filter((element) => element.getBoundingClientRect().top < window.innerHeight)
          .map((element) => {
            const box = element.getBoundingClientRect();
            return `${element.tagName} ${(element.textContent ?? '').trim().slice(0, 30)} @${Math.round(box.left)},${Math.round(box.top)} ${Math.round(box.width)}×${Math.round(box.height)}`;
          }),
      );
    for (const [name, viewport] of [['phone', viewports.phone], ['desktop', viewports.desktop]] as const) {
      const context = await browser.newContext({ baseURL: server.url, viewport, deviceScaleFactor: 2, javaScriptEnabled: false, reducedMotion: 'reduce' });
      const still = await context.newPage();
      await signInByApi(still, server.url, realtor);
      await still.goto('/home');
      expect(await still.locator('#root[data-prerendered]').count()).toBe(1);
      expect(await still.getByRole('heading', { level: 1, name: 'Property Listings' }).isVisible()).toBe(true);
      expect(await still.getByTestId('credits-badge').isVisible()).toBe(true);
      // The first screen's cards (two rows of the widest grid); the client renders the rest.
      const cards = still.getByRole('list', { name: 'Properties' }).getByRole('listitem');
      expect(await cards.count()).toBe(8);
      expect(await still.getByTestId('listing-count').textContent()).toBe(`${CARDS} listings`);
      await expect.poll(() => cards.first().locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0), LOADING).toBe(true);
      const before = await boxesOf(still);
      await screenshot(still, `home-server-rendered-${name}`);
      await context.close();

      const page = await openPage(browser, { baseURL: server.url, viewport, deviceScaleFactor: 2 });
      await signInByApi(page, server.url, realtor);
      await page.addInitScript(keepHtmlElements);
      await page.goto('/home');
      // Everything the HTML showed is where it was once the client has taken it over, the same elements (hydration),
      const kept = await htmlElementsKept(page);
      expect(kept.length).toBeGreaterThan(10);
      expect(kept.every(Boolean)).toBe(true);
      expect(await boxesOf(page)).toEqual(expect.arrayContaining(before));
      // and the client shows the other sixteen cards after it.
      await page.getByRole('list', { name: 'Properties' }).getByRole('listitem').nth(CARDS - 1).waitFor();
      if (name === 'desktop') await screenshotBoth(page, 'home-client-rendered');
      await page.context().close();
    }
  });

  it('gives the listing page the copy each slot needs: 800 for the carousel, 400 for thumbnails, 1600 for the full-screen gallery', async () => {
    const page = await openPage(browser, { baseURL: server.url });
    await signInByApi(page, server.url, realtor);
    const widths: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/files/')) widths.push(url.searchParams.get('w') ?? 'original');
    });
    await page.goto(`/listing/${galleryListing}`);
    // All shown: loaded and faded in.
    const shown = (count: number) => async () =>
      page.evaluate((count) => {
        const images = [...document.images];
        return images.length === count && images.every((image) => image.complete && image.naturalWidth > 0 && getComputedStyle(image).opacity === '1');
      }, count);
    await expect.poll(shown(4), LOADING).toBe(true);
    expect([...widths].sort()).toEqual(['400', '400', '400', '800']);
    await screenshotBoth(page, 'image-sizes-listing');

    await page.getByRole('button', { name: /^Open gallery/ }).click();
    await expect.poll(shown(5), LOADING).toBe(true);
    expect(widths.filter((width) => width === '1600')).toHaveLength(1);
    await screenshotBoth(page, 'image-sizes-gallery', { fullPage: false });
    expect(widths).not.toContain('original');
  });

  it('shows a photo stored before there were copies, from the original', async () => {
    // As an upload from before this change: the picture alone in the store.
    const [older] = imageKeys;
    const stem = (older ?? '').replace(/^images\//, '').replace(/\.jpg$/, '');
    const folder = join(server.dataDir, 'uploads', 'images');
    for (const file of (await readdir(folder)).filter((name) => name.startsWith(`${stem}-w`))) await rm(join(folder, file));

    const { downloads } = await imagesOfHome(viewports.desktop, 1);
    const served = downloads.find((download) => decodeURIComponent(download.url.pathname).endsWith(older ?? ''));
    expect(served?.url.searchParams.get('w')).toBe('400');
    // The original JPEG, not a 400 px copy.
    expect(served?.bytes).toBeGreaterThan(100_000);
  });
});
