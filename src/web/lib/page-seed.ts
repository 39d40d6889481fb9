import type { QueryClient } from '@tanstack/react-query';
import { PAGE_SEED_ELEMENT_ID, type PageSeed } from '../../contract/page-seed';
import { queryKeys } from './query-keys';

/**
 * Puts what the server's HTML carries (src/http/platform/page-seed.ts, docs/decisions/0058) in the query cache, under the keys
 * the screens read, before the router's first navigation: the sign-in guard then has its session, and /home its first
 * page of listings and its first picture's address, without asking. Each entry is the API's answer itself.
 */
export function seedQueryCache(queryClient: QueryClient, root: Pick<Document, 'getElementById'> = document): void {
  const element = root.getElementById(PAGE_SEED_ELEMENT_ID);
  if (element?.textContent == null) return;
  let seed: PageSeed;
  try {
    seed = JSON.parse(element.textContent) as PageSeed;
  } catch {
    return;
  }
  applyPageSeed(queryClient, seed);
}

/** The seed's answers in the query cache; also how the server renders a signed-in visitor's first screen (src/web/prerender.tsx). */
export function applyPageSeed(queryClient: QueryClient, seed: PageSeed): void {
  queryClient.setQueryData(queryKeys.user, seed.user);
  // /home with no filters: the key listingSearchQueryOptions({}) reads, one page long.
  if (seed.listings !== undefined) queryClient.setQueryData(queryKeys.propertySearch({}), { pages: [seed.listings], pageParams: [null] });
  for (const [imageKey, answer] of Object.entries(seed.images ?? {})) queryClient.setQueryData(queryKeys.proxyImage(imageKey), answer);
}
