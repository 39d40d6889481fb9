import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { MarketAreaStats, MarketStats, MarketWindowDays } from '../../../../contract/listings/market-stats';
import { MARKET_WINDOW_DAYS, OTHER_AREAS } from '../../../../contract/listings/market-stats';
import { buttonVariants } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { BarChartIcon } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { usePastFirstPass } from '../../../lib/first-pass';
import { formatDateTimePlain } from '../../../lib/plain-format';
import { signUpSearch, sitePaths } from '../../../lib/site-paths';
import { formatHoursToFirstBid, formatNumber } from './format';
import { marketStatsQuery } from './queries';

export const MARKET_EMPTY = 'Not enough listings yet to show';

/** /market: listings, bids per listing and time to the first bid per area, for homeowners deciding whether to list (docs/decisions/0040). */
export function MarketStatsPage({ days, onDaysChange }: { days: MarketWindowDays; onDaysChange: (days: MarketWindowDays) => void }) {
  const stats = useQuery(marketStatsQuery());
  // The HTML's /market shows the figures' skeleton; the first render does too, even when the figures came quickly.
  const pastFirstPass = usePastFirstPass();
  return (
    <main className="flex-1">
      <section className="mx-auto grid max-w-6xl gap-8 px-4 pb-16 pt-12 sm:px-6 lg:px-8 lg:pt-16">
        <div className="max-w-3xl">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-hover">Market stats</p>
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">Market stats by area</h1>
          <p className="mt-4 text-lg leading-8 text-pretty text-muted-foreground">
            How listings do on BidHome where you live: how many went live, how many bids each drew, and how soon the first realtor bid.
          </p>
        </div>

        {/* The period's tab controls the panel below it (its aria-controls names the panel), which Radix mounts for the active tab only. */}
        <Tabs value={String(days)} onValueChange={(value) => onDaysChange(value === '90' ? 90 : 30)} className="grid gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="market-window-heading" className="text-xl font-semibold">
              Listings that went live in the last {days} days
            </h2>
            <div>
              <TabsList aria-label="Period" className="w-auto">
                {MARKET_WINDOW_DAYS.map((window) => (
                  <TabsTrigger key={window} value={String(window)} className="lg:flex-none">
                    Last {window} days
                  </TabsTrigger>
                ))}
              </TabsList>
            </div>
          </div>
          <TabsContent value={String(days)} className="mt-0">
            {!pastFirstPass ? (
              <LoadingStats />
            ) : stats.isError ? (
              <ErrorState title="Failed to load the market stats" error={stats.error} onRetry={() => void stats.refetch()} />
            ) : stats.data === undefined ? (
              <LoadingStats />
            ) : (
              <WindowStats stats={stats.data} days={days} />
            )}
          </TabsContent>
        </Tabs>
      </section>

      <section aria-labelledby="market-cta-title" className="bg-muted/50 py-14">
        <div className="mx-auto flex max-w-4xl flex-col items-center gap-4 px-4 text-center sm:px-6 lg:px-8">
          <h2 id="market-cta-title" className="text-2xl font-bold tracking-tight text-balance">
            See what realtors would offer for your home
          </h2>
          <p className="max-w-xl text-pretty text-muted-foreground">Listing is free, and bidding runs for two weeks. You choose, or choose no one.</p>
          <Link to={sitePaths.auth} search={signUpSearch('homeowner')} className={buttonVariants({ variant: 'brand', size: 'lg', className: 'w-full sm:w-auto' })}>
            List your property for free
          </Link>
        </div>
      </section>
    </main>
  );
}

function WindowStats({ stats, days }: { stats: MarketStats; days: MarketWindowDays }) {
  const areas = stats.windows.find((window) => window.days === days)?.areas ?? [];
  if (areas.length === 0) {
    return (
      <EmptyState
        icon={<BarChartIcon />}
        title={`${MARKET_EMPTY} stats for the last ${days} days`}
        description={`An area shows here once ${stats.minimumGroup} of its listings have gone live in the period.`}
      />
    );
  }
  return (
    <div className="grid gap-3">
      <AreaTable areas={areas} days={days} />
      <AreaCards areas={areas} />
      <p className="text-sm text-pretty text-muted-foreground" data-testid="market-suppression">
        To keep every listing and person anonymous, an area needs {stats.minimumGroup} listings in the period to be shown (smaller ones are summed into{' '}
        {OTHER_AREAS} once they reach {stats.minimumGroup}), and a median needs {stats.minimumGroup} listings with a bid.
      </p>
      <p className="text-xs text-muted-foreground">
        Bids count as placed, including those refunded when a listing was removed. Updated{' '}
        <time dateTime={stats.asOf}>{formatDateTimePlain(stats.asOf)}</time>.
      </p>
    </div>
  );
}

const numberCell = 'px-4 py-3 text-right tabular-nums';

/** Tablets and up: one row per area. */
function AreaTable({ areas, days }: { areas: MarketAreaStats[]; days: MarketWindowDays }) {
  return (
    <div className="hidden overflow-hidden rounded-xl border border-border bg-card shadow-sm sm:block">
      <table className="w-full text-sm">
        <caption className="sr-only">Market stats by area, last {days} days</caption>
        <thead className="bg-muted/50 text-left text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              Area
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              Listings
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              Bids per listing
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              Median time to first bid
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {areas.map((area) => (
            <tr key={area.area}>
              <th scope="row" className={area.area === OTHER_AREAS ? 'px-4 py-3 text-left font-medium text-muted-foreground' : 'px-4 py-3 text-left font-medium'}>
                {area.area}
              </th>
              <td className={numberCell}>{area.listings}</td>
              <td className={numberCell}>{formatNumber(area.averageBidsPerListing)}</td>
              <td className={area.medianHoursToFirstBid === null ? `${numberCell} text-muted-foreground` : numberCell}>
                {formatHoursToFirstBid(area.medianHoursToFirstBid)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones: a card per area, the same numbers stacked. */
function AreaCards({ areas }: { areas: MarketAreaStats[] }) {
  return (
    <ul className="grid gap-3 sm:hidden">
      {areas.map((area) => (
        <li key={area.area} className="rounded-xl border border-border bg-card p-4 shadow-sm">
          <h3 className={area.area === OTHER_AREAS ? 'font-semibold text-muted-foreground' : 'font-semibold'}>{area.area}</h3>
          <dl className="mt-2 divide-y divide-border text-sm">
            <Figure label="Listings" value={String(area.listings)} />
            <Figure label="Bids per listing" value={formatNumber(area.averageBidsPerListing)} />
            <Figure label="Median time to first bid" value={formatHoursToFirstBid(area.medianHoursToFirstBid)} muted={area.medianHoursToFirstBid === null} />
          </dl>
        </li>
      ))}
    </ul>
  );
}

function Figure({ label, value, muted = false }: { label: string; value: string; muted?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={muted ? 'text-right text-muted-foreground' : 'text-right font-semibold tabular-nums'}>{value}</dd>
    </div>
  );
}

function LoadingStats() {
  return (
    <div role="status" className="grid gap-3">
      <span className="sr-only">Loading market stats</span>
      <Skeleton className="hidden h-12 w-full sm:block" />
      {[0, 1, 2, 3].map((index) => (
        <Skeleton key={index} className="h-36 w-full rounded-xl sm:h-12 sm:rounded-md" />
      ))}
    </div>
  );
}
