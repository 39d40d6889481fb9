import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, CardDescription, CardHeader } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { BarChartIcon, ClockIcon, CoinsIcon, TrophyIcon } from '../../components/ui/icons';
import { Skeleton } from '../../components/ui/skeleton';
import { realtorInsightsQuery } from './queries';
import type { RealtorInsights } from './types';

export const INSIGHTS_EMPTY = "Insights appear once your bids' listings close";

/** The dashboard's Insights: win rate, median time to bid, credits per win, and bids and wins by area. */
export function InsightsSection() {
  const insights = useQuery(realtorInsightsQuery());
  const data = insights.data;
  return (
    <section className="grid gap-4" aria-labelledby="insights-heading" data-testid="insights">
      <div className="grid gap-1">
        <h2 id="insights-heading" className="text-xl font-semibold">
          Insights
        </h2>
        <p className="text-sm text-muted-foreground">How your bids fare once bidding on their listings ends. Refunded bids are left out.</p>
      </div>
      {insights.isError ? (
        <ErrorState title="Failed to load your insights" error={insights.error} onRetry={() => void insights.refetch()} />
      ) : data === undefined ? (
        <div role="status" className="grid gap-4">
          <span className="sr-only">Loading insights</span>
          <div className="grid gap-4 sm:grid-cols-3">
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} className="h-28 w-full rounded-xl" />
            ))}
          </div>
          <Skeleton className="h-56 w-full rounded-xl" />
        </div>
      ) : data.closedBids === 0 ? (
        <EmptyState icon={<BarChartIcon />} title={INSIGHTS_EMPTY} description="Once an owner's bidding window ends, your win rate and the areas you win in show here." />
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-3">
            <Tile icon={<TrophyIcon />} label="Win rate" testId="insights-win-rate" value={percent(data.winRate)}>
              {data.wins} of {data.closedBids} {data.closedBids === 1 ? 'bid' : 'bids'} on closed listings selected
            </Tile>
            <Tile icon={<ClockIcon />} label="Median time to bid" testId="insights-time-to-bid" value={duration(data.medianMinutesToBid)}>
              From a listing going live to your bid
            </Tile>
            <Tile icon={<CoinsIcon />} label="Credits per win" testId="insights-credits-per-win" value={data.creditsPerWin === null ? '—' : round1(data.creditsPerWin)}>
              {data.creditsSpent} {data.creditsSpent === 1 ? 'credit' : 'credits'} spent on bids that stand
            </Tile>
          </div>
          <AreaChart areas={data.areas} />
        </>
      )}
    </section>
  );
}

function Tile({ icon, label, value, testId, children }: { icon: ReactNode; label: string; value: string; testId: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="gap-2">
        <div className="flex items-center justify-between gap-3">
          <CardDescription>{label}</CardDescription>
          <span className="flex size-9 items-center justify-center rounded-full bg-brand-soft text-brand-hover [&_svg]:size-4" aria-hidden="true">
            {icon}
          </span>
        </div>
        <div className="text-3xl font-extrabold leading-none tracking-tight tabular-nums" data-testid={testId}>
          {value}
        </div>
        <p className="text-sm text-muted-foreground">{children}</p>
      </CardHeader>
    </Card>
  );
}

const ROW = 36;
const BAR = 12;

/**
 * Bids and wins per area as horizontal bars in plain SVG, which scales to the
 * card's width. Screen readers get the same numbers as a table; the drawing is hidden from them.
 */
function AreaChart({ areas }: { areas: RealtorInsights['areas'] }) {
  const max = Math.max(1, ...areas.map((area) => area.bids));
  const height = areas.length * ROW;
  return (
    <Card>
      <CardHeader className="gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-semibold">Bids and wins by area</h3>
          <div className="flex gap-4 text-xs text-muted-foreground" aria-hidden="true">
            <span className="flex items-center gap-1.5">
              <span className="size-3 rounded-sm bg-brand/30" /> Bids
            </span>
            <span className="flex items-center gap-1.5">
              <span className="size-3 rounded-sm bg-brand" /> Wins
            </span>
          </div>
        </div>
        <div className="grid grid-cols-[minmax(0,7rem)_1fr_auto] gap-x-3 sm:grid-cols-[minmax(0,12rem)_1fr_auto]" aria-hidden="true">
          <div className="grid text-sm" style={{ gridTemplateRows: `repeat(${areas.length}, ${ROW}px)` }}>
            {areas.map((area) => (
              <span key={area.area} className="self-center truncate" title={area.area}>
                {area.area}
              </span>
            ))}
          </div>
          <svg data-testid="insights-chart" viewBox={`0 0 100 ${height}`} preserveAspectRatio="none" className="w-full" style={{ height }} role="presentation">
            {areas.map((area, index) => {
              const y = index * ROW + (ROW - BAR) / 2;
              return (
                <g key={area.area}>
                  <rect x={0} y={y} width={(area.bids / max) * 100} height={BAR} className="fill-brand/30" />
                  <rect x={0} y={y} width={(area.wins / max) * 100} height={BAR} className="fill-brand" />
                </g>
              );
            })}
          </svg>
          <div className="grid text-right text-xs text-muted-foreground tabular-nums" style={{ gridTemplateRows: `repeat(${areas.length}, ${ROW}px)` }}>
            {areas.map((area) => (
              <span key={area.area} className="self-center">
                {area.wins} of {area.bids} won
              </span>
            ))}
          </div>
        </div>
        <table className="sr-only" data-testid="insights-table">
          <caption>Bids and wins by area</caption>
          <thead>
            <tr>
              <th scope="col">Area</th>
              <th scope="col">Bids</th>
              <th scope="col">Wins</th>
            </tr>
          </thead>
          <tbody>
            {areas.map((area) => (
              <tr key={area.area}>
                <th scope="row">{area.area}</th>
                <td>{area.bids}</td>
                <td>{area.wins}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardHeader>
    </Card>
  );
}

const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);
const round1 = (value: number) => String(Math.round(value * 10) / 10);

/** Minutes as the largest unit that reads well: 45 min, 5 h, 3 d. */
function duration(minutes: number | null): string {
  if (minutes === null) return '—';
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) return `${round1(minutes / 60)} h`;
  return `${round1(minutes / (24 * 60))} d`;
}
