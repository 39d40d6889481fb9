import type { UserJson } from './accounts';
import { IMAGE_WIDTHS, type ImageWidth } from './blob-keys';
import type { PropertyPageJson } from './listings';

/*
 * What the server's HTML carries for a visitor with a session cookie, so the first page does not wait on the API's
 * round trips before it can show anything (docs/decisions/0058): the session (GET /api/user's answer, or null when it
 * answered 401) and, on /home with no filters, the first page of listings and its first picture's signed address.
 * Each part is exactly the API's answer; the client puts them in its query cache under the keys it reads them from.
 */

/** The `<script type="application/json">` element that holds the seed. */
export const PAGE_SEED_ELEMENT_ID = 'bidhome-seed';

/** /home asks for this many listings at a time (GET /api/properties?limit=). */
export const HOME_PAGE_SIZE = 24;

/** How wide a /home card's picture is, as its `sizes` says; the HTML's preload of the first picture says the same. */
export const LISTING_CARD_SIZES =
  '(min-width: 1280px) 290px, (min-width: 1024px) calc((100vw - 112px) / 3), (min-width: 768px) calc((100vw - 72px) / 2), calc(100vw - 32px)';

export type PageSeed = {
  user: UserJson | null;
  /** /home's first page with no filters (GET /api/properties?limit=HOME_PAGE_SIZE). */
  listings?: PropertyPageJson;
  /** GET /api/proxy-image/{key}'s answers, by the key as the listing names it. */
  images?: Record<string, { url: string }>;
};

// Older keys carry the path images were once served from (SPEC §7 Images).
const LEGACY_IMAGE_PREFIX = /^\/api\/images\//;

/** An image key as GET /api/proxy-image/{key} takes it. */
export function normalizeImageKey(imageKey: string): string {
  return imageKey.replace(LEGACY_IMAGE_PREFIX, '');
}

/**
 * The signed address of an image's WebP copy at most `width` px wide; the
 * server answers the image itself when it has no copies (docs/decisions/0054).
 */
export function sizedImageUrl(url: string, width: ImageWidth): string {
  return `${url}${url.includes('?') ? '&' : '?'}w=${width}`;
}

/** Every copy, for `srcset`: the browser picks by the slot `sizes` describes and the screen's density. */
export function imageSrcSet(url: string): string {
  return IMAGE_WIDTHS.map((width) => `${sizedImageUrl(url, width)} ${width}w`).join(', ');
}
