import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Label } from '../../../components/ui/label';
import { SectionCard } from '../../../components/ui/section-card';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { formatCount } from '../format';
import { BarChartIcon } from '../../../components/ui/icons';
import { DailyChart } from './daily-chart';
import { pageViewsQuery, REPORT_RANGES, type PageCount, type PageViewReport, type ReportRange } from './queries';
import { TopPages } from './top-pages';

/**
 * First-party page views (decision 0011): views and visitors per day, and the
 * most viewed pages. Visitors are unique per day (the anonymous hash rotates
 * daily), so a range's visitors are the sum of daily uniques.
 */
export function PageViewsSection() {
  const [range, setRange] = useState<ReportRange>(30);
  const report = useQuery(pageViewsQuery(range));
  const data = report.data;

  return (
    <SectionCard
      title="Page views"
      description="Public pages, counted without cookies; visitors are unique per day"
      actions={
        <div className="flex items-center gap-3">
          {report.isFetching && data !== undefined && <Spinner size="sm" label="Updating page views" />}
          <Label htmlFor="page-views-range" className="sr-only">
            Period
          </Label>
          <select
            id="page-views-range"
            value={range}
            onChange={(event) => setRange(Number(event.target.value) as ReportRange)}
            className="h-8 cursor-pointer rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {REPORT_RANGES.map((days) => (
              <option key={days} value={days}>
                Last {days} days
              </option>
            ))}
          </select>
        </div>
      }
    >
      {report.isError ? (
        <ErrorState title="Failed to load page views" error={report.error} onRetry={() => void report.refetch()} />
      ) : data === undefined ? (
        <div role="status" className="flex flex-col gap-3">
          <span className="sr-only">Loading page views</span>
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : data.pages.length === 0 && totalOf(data, 'views') === 0 ? (
        <EmptyState
          className="border-0 py-10"
          icon={<BarChartIcon />}
          title="No page views yet"
          description={`Nobody has opened a public page in the last ${range} days, or every visitor asked not to be tracked.`}
        />
      ) : (
        <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="flex min-w-0 flex-col gap-6">
            <Totals data={data} range={range} />
            <DailyChart days={data.days} />
          </div>
          <TopPages pages={data.pages} />
        </div>
      )}
    </SectionCard>
  );
}

function totalOf(data: PageViewReport, field: 'views' | 'visitors'): number {
  return data.days.reduce((sum, day) => sum + day[field], 0);
}

function Totals({ data, range }: { data: PageViewReport; range: ReportRange }) {
  const top: PageCount | undefined = data.pages[0];
  const figures = [
    { label: `Views, last ${range} days`, value: formatCount(totalOf(data, 'views')) },
    { label: 'Visitors (daily uniques)', value: formatCount(totalOf(data, 'visitors')) },
    { label: 'Most viewed', value: top?.path ?? '—' },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {figures.map(({ label, value }) => (
        <div
          key={label}
          className="flex min-w-0 flex-col-reverse gap-1 rounded-lg border border-border px-3 py-2 last:col-span-2 sm:last:col-span-1"
        >
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="truncate text-lg font-bold tabular-nums" title={value}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
