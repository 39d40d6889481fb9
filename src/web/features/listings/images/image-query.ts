import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

const ONE_HOUR_MS = 60 * 60 * 1000;
// Older keys carry the path images were once served from (SPEC §7 Images).
const LEGACY_PREFIX = /^\/api\/images\//;

export function normalizeImageKey(imageKey: string): string {
  return imageKey.replace(LEGACY_PREFIX, '');
}

/**
 * A signed address for an image key (GET /api/proxy-image/{key} → { url }).
 * SPEC §7 Images: kept 1 hour (the address lives 2), no refetch on focus,
 * 3 retries for images the page leads with, else 1.
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
        if (error instanceof ApiError) throw new Error(`Failed to fetch image: HTTP ${error.status}`);
        throw error;
      }
    },
    staleTime: ONE_HOUR_MS,
    gcTime: ONE_HOUR_MS,
    refetchOnWindowFocus: false,
    retry: priority ? 3 : 1,
    select: (answer) => answer.url,
  });
}
