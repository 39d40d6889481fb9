import type { UserJson } from '../../contract/accounts/accounts';
import type { PropertyPageJson } from '../../contract/listings/listings';
import { imageSrcSet, LISTING_CARD_SIZES, normalizeImageKey } from '../../contract/listings/listing-images';
import { HOME_PAGE_SIZE, PAGE_SEED_ELEMENT_ID, type PageSeed } from '../../contract/page-seed';

/*
 * The first page's data in its HTML, for a visitor with a session cookie (docs/decisions/0058): the page would
 * otherwise wait, after its scripts, on GET /api/user, then on /home on GET /api/properties and the first picture's
 * GET /api/proxy-image, before the picture itself could start. The server asks its own API for them, as the
 * visitor (their cookie and connection), so each is exactly the answer the client would have had.
 */

/** One GET of the app's own API as the visitor of the page being rendered. */
export type VisitorApi = (path: string) => Promise<Response>;

/** The seed for `pathname`, or null when the request carries no session cookie (a guest's page is the same for all). */
export async function pageSeedOf(pathname: string, search: URLSearchParams, cookieHeader: string | undefined, api: VisitorApi): Promise<PageSeed | null> {
  if (!hasCookie(cookieHeader, 'session') || pathname === '/admin' || pathname.startsWith('/admin/')) return null;
  const home = pathname === '/home' && [...search.keys()].every((name) => name === 'emailVerification');
  const [userAnswer, listingsAnswer] = await Promise.all([api('/api/user'), home ? api(`/api/properties?limit=${HOME_PAGE_SIZE}`) : null]);
  // A cookie whose session has ended: the client need not ask to learn it (and log the 401 as an error).
  if (userAnswer.status === 401) return { user: null };
  if (!userAnswer.ok) return null;
  const user = (await userAnswer.json()) as UserJson;
  if (listingsAnswer === null || !listingsAnswer.ok) return { user };
  const listings = (await listingsAnswer.json()) as PropertyPageJson;
  const leadKey = listings.properties[0]?.images[0];
  if (leadKey === undefined) return { user, listings };
  const imageKey = normalizeImageKey(leadKey);
  const imageAnswer = await api(`/api/proxy-image/${encodeURIComponent(imageKey)}`);
  if (!imageAnswer.ok) return { user, listings };
  return { user, listings, images: { [imageKey]: (await imageAnswer.json()) as { url: string } } };
}

function hasCookie(cookieHeader: string | undefined, name: string): boolean {
  return (cookieHeader ?? '').split(';').some((pair) => pair.split('=')[0]?.trim() === name);
}

/**
 * The head's tags for a seed: the seed itself as JSON (`<` escaped, so no answer can close the element), and a
 * preload of /home's first picture, as its card asks for it, so it downloads beside the scripts rather than after them.
 */
export function seedTags(seed: PageSeed, escapeAttribute: (text: string) => string): string[] {
  const json = JSON.stringify(seed).replace(/</g, '\\u003c');
  const tags = [`<script type="application/json" id="${PAGE_SEED_ELEMENT_ID}">${json}</script>`];
  const leadKey = seed.listings?.properties[0]?.images[0];
  const lead = leadKey === undefined ? undefined : seed.images?.[normalizeImageKey(leadKey)];
  if (lead !== undefined) {
    tags.push(`<link rel="preload" as="image" fetchpriority="high" imagesrcset="${escapeAttribute(imageSrcSet(lead.url))}" imagesizes="${escapeAttribute(LISTING_CARD_SIZES)}">`);
  }
  return tags;
}
