import { infiniteQueryOptions, keepPreviousData, type QueryClient } from '@tanstack/react-query';
import type { ListingSearch } from '../../../../contract/listings/listing-search';
import { apiFetch } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { imageUrlQueryOptions } from '../images/image-query';
import { PAGE_SIZE } from '../queries';
import { toQueryString, withoutEmpty } from './search-params';
import type { PropertyPageJson } from '../../../../contract/listings/listings';

/** /home: the active listings matching `search`, in its order, a page at a time. */
export function listingSearchQueryOptions(search: ListingSearch) {
  const filters = withoutEmpty(search);
  const query = toQueryString(filters);
  return infiniteQueryOptions({
    queryKey: queryKeys.propertySearch(filters),
    queryFn: ({ pageParam }) =>
      apiFetch<PropertyPageJson>(`/api/properties?limit=${PAGE_SIZE}${query === '' ? '' : `&${query}`}${pageParam === null ? '' : `&cursor=${encodeURIComponent(pageParam)}`}`),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    // While the next filters' first page loads, the last results stay on screen (dimmed), not a spinner.
    placeholderData: keepPreviousData,
    // Other owners list new properties all the time and no push announces them,
    // so coming back to /home after a minute shows what is new. Bid counts are pushed.
    staleTime: 60_000,
  });
}

/**
 * Warms the first page of `search` and, the moment it is in, the signed address of its first card's picture: that
 * picture is /home's largest paint, and its address need not wait for the grid to render (docs/decisions/0058).
 */
export async function warmListingSearch(queryClient: QueryClient, search: ListingSearch): Promise<void> {
  const options = listingSearchQueryOptions(search);
  await queryClient.prefetchInfiniteQuery(options);
  const first = queryClient.getQueryData(options.queryKey)?.pages[0]?.properties[0];
  const imageKey = first?.images[0];
  if (imageKey !== undefined) void queryClient.prefetchQuery(imageUrlQueryOptions(imageKey, { priority: true }));
}
