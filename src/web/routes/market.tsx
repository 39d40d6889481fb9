import { createFileRoute, stripSearchParams, useNavigate } from '@tanstack/react-router';
import type { MarketWindowDays } from '../../contract/listings/market-stats';
import { publicPageHead } from '../../contract/site-pages';
import { MarketStatsPage } from '../features/listings/market/market-stats-page';
import { marketStatsQuery } from '../features/listings/market/queries';

type MarketSearch = { days: MarketWindowDays };

export const Route = createFileRoute('/market')({
  // The period is in the address, so a shared link opens on it; anything else is the last 30 days.
  validateSearch: (search: Record<string, unknown>): MarketSearch => ({ days: search.days === 90 || search.days === '90' ? 90 : 30 }),
  // The default period stays out of the address: /market is not rewritten to /market?days=30 as it opens, which cost a
  // second load of the page and a second render on a phone's first visit (docs/decisions/0058).
  search: { middlewares: [stripSearchParams({ days: 30 })] },
  // Started, not awaited: the page shows its skeleton while the stats load.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(marketStatsQuery());
  },
  head: () => publicPageHead('/market'),
  component: MarketRoute,
});

function MarketRoute() {
  const { days } = Route.useSearch();
  const navigate = useNavigate({ from: '/market' });
  return <MarketStatsPage days={days} onDaysChange={(next) => void navigate({ search: { days: next }, replace: true })} />;
}
