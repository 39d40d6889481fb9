import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { normalizeImageKey } from '../../../../contract/listings/listing-images';

const ONE_HOUR_MS = 60 * 60 * 1000;
// Shared with the server's page seed (src/contract/listings/listing-images.ts).
export { normalizeImageKey };

/** The proxy's answer was an HTTP error: `status` tells a missing image (4xx) from a passing failure. */
export class ImageFetchError extends Error {
  constructor(readonly status: number) {
    super(`Failed to fetch image: HTTP ${status}`);
  }
}

/** Whether to ask again: never for an image the server says is not there or not allowed (4xx), else up to the spec's count. */
export function shouldRetryImage(failureCount: number, error: unknown, priority: boolean): boolean {
  if (error instanceof ImageFetchError && error.status >= 400 && error.status < 500) return false;
  return failureCount < (priority ? 3 : 1);
}

/**
 * Short waits (150, 300, 600 ms), so that 'Image unavailable' shows within
 * about 2 s; the library's default (1, 2, 4 s) took 7 s and more before it.
 */
export function imageRetryDelay(attempt: number): number {
  return 150 * 2 ** attempt;
}

/**
 * A signed address for an image key (GET /api/proxy-image/{key} → { url }).
 * SPEC §7 Images: kept 1 hour (the address lives 2), no refetch on focus,
 * 3 retries for images the page leads with, else 1 (none for a missing image).
 */
export function imageUrlQueryOptions(imageKey: string, { priority = false }: { priority?: boolean } = {}) {
  const key = normalizeImageKey(imageKey);
  return queryOptions({
    queryKey: queryKeys.proxyImage(key),
    // Stored as the answer itself ({ url }): components/ui/avatar.tsx reads the same key.
    queryFn: async () => {
      try {
        return await apiFetch<{ url: string }>(`/api/proxy-image/${encodeURIComponent(key)}`);
      } catch (error) {
        if (error instanceof ApiError) throw new ImageFetchError(error.status);
        throw error;
      }
    },
    staleTime: ONE_HOUR_MS,
    gcTime: ONE_HOUR_MS,
    refetchOnWindowFocus: false,
    retry: (failureCount, error) => shouldRetryImage(failureCount, error, priority),
    retryDelay: imageRetryDelay,
    select: (answer) => answer.url,
  });
}
