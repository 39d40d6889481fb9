import { cn } from '../../../lib/cn';
import { formatLongDateTime } from '../../../lib/format';
import { formatTimeLeft } from '../format';
import { ClockIcon } from '../../../components/ui/icons';
import { useNow } from '../use-now';

/** The bidding end in long format, with the time left while open and 'Bidding closed' after. */
export function BiddingCountdown({ biddingEndsAt }: { biddingEndsAt: string }) {
  // Only this box re-renders every second.
  const now = useNow();
  const left = formatTimeLeft(biddingEndsAt, now);
  return (
    <div className={cn('flex items-start gap-3 rounded-lg border p-4', left === null ? 'border-border bg-muted/60' : 'border-brand/30 bg-brand-soft/60')}>
      <ClockIcon className={cn('mt-0.5 size-5 shrink-0', left === null ? 'text-neutral-500' : 'text-brand-hover')} />
      <div className="grid gap-0.5">
        <p className="text-sm text-neutral-700">
          Bidding ends <time dateTime={biddingEndsAt} className="font-medium text-foreground">{formatLongDateTime(biddingEndsAt)}</time>
        </p>
        {left === null ? (
          <p className="font-semibold text-neutral-800" data-testid="countdown">
            Bidding closed
          </p>
        ) : (
          <p className="font-semibold tabular-nums text-brand-hover" data-testid="countdown">
            {/* The visible clock ticks every second; screen readers are not told each tick. */}
            <span aria-hidden="true">{left}</span>
            <span className="sr-only">Bidding is open</span>
            <span className="ml-1 text-sm font-normal text-neutral-700">left to bid</span>
          </p>
        )}
      </div>
    </div>
  );
}
