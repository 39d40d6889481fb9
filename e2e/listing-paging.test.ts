import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { storedKeysOf } from '../src/blobs/keys';
import { screenshot } from './support/browser';
import { createListingByApi, submitBillByApi, uploadPhotoByApi } from './support/listings';
import { homeownerJourney, type Person } from './support/homeowners';

/*
 * /home's grid past its first page in the browser (issue 4): 24 listings, then
 * more as the user scrolls, with a 'Load more' button to fall back on; and the
 * cards' image states (a lost cover falls back to the next image, or says so).
 */

const seller: Person = { username: 'sam_seller', password: 'Homeowner3', name: 'Sam Seller', email: 'sam@example.com', phone: '+14165550133', role: 'homeowner' };

const { journey, signedInPage, approve } = homeownerJourney([seller]);

describe('homeowner listings on /home', () => {
  it('loads more listings as the user scrolls, with a button to fall back on', async () => {
    const { server } = journey;
    const page = await signedInPage(seller);
    await submitBillByApi(page, server.url);
    await approve(seller);
    const photo = await uploadPhotoByApi(page, server.url, [200, 90, 90]);
    for (let index = 1; index <= 25; index += 1) {
      await createListingByApi(page, server.url, {
        title: `Starter Home ${index}`,
        images: index % 3 === 0 ? [] : [photo],
        propertyType: index % 2 === 0 ? 'townhouse' : 'apartment',
      });
    }

    // Image states: a cover whose file is gone falls back to the second image; with no second one, 'Image unavailable'.
    const [lost, spare, lostAlone] = await Promise.all([
      uploadPhotoByApi(page, server.url, [90, 90, 200]),
      uploadPhotoByApi(page, server.url, [90, 200, 90]),
      uploadPhotoByApi(page, server.url, [200, 200, 90]),
    ]);
    await createListingByApi(page, server.url, { title: 'Broken Cover Cottage', images: [lost, spare] });
    await createListingByApi(page, server.url, { title: 'Lost Photo Loft', images: [lostAlone] });
    // The picture and its sized copies (docs/decisions/0054).
    await Promise.all([lost, lostAlone].flatMap(storedKeysOf).map((key) => rm(join(server.dataDir, 'uploads', key))));

    await page.goto('/home');
    const items = page.getByRole('list', { name: 'Properties' }).getByRole('listitem');
    const cardOf = (title: string) => items.filter({ has: page.getByRole('heading', { name: title }) });
    await cardOf('Lost Photo Loft').getByText('Image unavailable', { exact: true }).waitFor();
    const fallback = cardOf('Broken Cover Cottage').locator('img');
    await expect.poll(() => fallback.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    expect(await cardOf('Broken Cover Cottage').getByText('Image unavailable').count()).toBe(0);
    await page.getByText('No image', { exact: true }).first().waitFor();
    await screenshot(page, 'listings-home-image-states-desktop');

    await expect.poll(() => items.count()).toBe(24);
    await page.getByRole('button', { name: 'Load more' }).waitFor();
    // Newest first.
    expect(await items.first().getByRole('heading').textContent()).toBe('Lost Photo Loft');
    await page.mouse.wheel(0, 20_000);
    // The 25 starter homes and the two of the image states.
    await expect.poll(() => items.count()).toBe(27);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
  });
});
