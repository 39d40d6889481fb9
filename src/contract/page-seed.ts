import type { UserJson } from './accounts/accounts';
import type { PropertyPageJson } from './listings/listings';

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

export type PageSeed = {
  user: UserJson | null;
  /** /home's first page with no filters (GET /api/properties?limit=HOME_PAGE_SIZE). */
  listings?: PropertyPageJson;
  /** GET /api/proxy-image/{key}'s answers, by the key as that takes it (listing-images.ts `normalizeImageKey`). */
  images?: Record<string, { url: string }>;
};
