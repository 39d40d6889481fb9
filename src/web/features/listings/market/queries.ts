import { queryOptions } from '@tanstack/react-query';
import type { MarketStats } from '../../../../contract/listings/market-stats';
import { apiFetch } from '../../../lib/api';

/** GET /api/stats/areas: public, the same for everyone, and at most a minute old on the server, so it is kept as long here. */
export function marketStatsQuery() {
  return queryOptions({
    queryKey: ['market-stats'] as const,
    queryFn: () => apiFetch<MarketStats>('/api/stats/areas'),
    staleTime: 60_000,
  });
}
