import { formatCount } from '../format';
import type { DayCount } from './queries';

const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

export function formatDay(date: string): string {
  const value = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(value.getTime()) ? date : dayLabel.format(value);
}

/**
 * Views and visitors per day as CSS bars. The bars are drawn for the eye; each
 * day is also a list item with its numbers in text, which is what assistive
 * technology reads (and what a hover shows).
 */
export function DailyChart({ days }: { days: DayCount[] }) {
  const max = Math.max(1, ...days.map((day) => day.views));
  const middle = days[Math.floor((days.length - 1) / 2)];
  return (
    <figure className="flex flex-col gap-3">
      <figcaption className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <span>Per day (UTC)</span>
        <span className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-brand-hover" aria-hidden="true" />
          Views
        </span>
        <span className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-neutral-600" aria-hidden="true" />
          Visitors
        </span>
        <span className="ml-auto tabular-nums">Peak {formatCount(max)} views</span>
      </figcaption>
      <ol className="flex h-40 items-end gap-px border-b border-border" aria-label="Views and visitors per day">
        {days.map((day) => {
          const description = `${formatDay(day.date)}: ${formatCount(day.views)} ${day.views === 1 ? 'view' : 'views'}, ${formatCount(day.visitors)} ${day.visitors === 1 ? 'visitor' : 'visitors'}`;
          return (
            <li key={day.date} className="group flex h-full min-w-0 flex-1 items-end justify-center gap-px" title={description}>
              <span className="sr-only">{description}</span>
              <Bar value={day.views} max={max} className="bg-brand-hover" />
              <Bar value={day.visitors} max={max} className="bg-neutral-600" />
            </li>
          );
        })}
      </ol>
      <div className="flex justify-between text-xs tabular-nums text-muted-foreground" aria-hidden="true">
        <span>{days[0] && formatDay(days[0].date)}</span>
        {days.length > 2 && middle && <span>{formatDay(middle.date)}</span>}
        <span>{days.at(-1) && formatDay(days.at(-1)!.date)}</span>
      </div>
    </figure>
  );
}

function Bar({ value, max, className }: { value: number; max: number; className: string }) {
  // A day with any views keeps a sliver, so it never reads as empty.
  const height = value === 0 ? 0 : Math.max(2, (value / max) * 100);
  return (
    <span
      aria-hidden="true"
      className={`w-full max-w-3 rounded-t-sm transition-opacity group-hover:opacity-80 ${className}`}
      style={{ height: `${height}%` }}
    />
  );
}
