import type { ReviewSummary } from '../../contract/reviews/reviews';
import { StarIcon } from './ui/icons';
import { cn } from '../lib/cn';

/** Five stars, filled up to `value` (rounded to the nearest half shows as the nearest whole). */
export function StarRating({ value, className }: { value: number; className?: string }) {
  const filled = Math.round(value);
  return (
    <span className={cn('inline-flex items-center gap-0.5', className)} role="img" aria-label={`Rated ${value} out of 5`}>
      {[1, 2, 3, 4, 5].map((star) => (
        <StarIcon key={star} aria-hidden="true" className={cn('size-3.5', star <= filled ? 'fill-amber-400 text-amber-500' : 'text-neutral-300')} />
      ))}
    </span>
  );
}

/** '4.5 (2 reviews)' with stars, or 'No reviews yet'; `compact`, one star and '4.5 (2)' for a narrow cell. */
export function ReviewSummaryLine({ summary, className, compact = false }: { summary: ReviewSummary; className?: string; compact?: boolean }) {
  if (summary.count === 0 || summary.average === null) return <span className={cn('text-muted-foreground', className)}>No reviews yet</span>;
  if (compact) {
    return (
      <span className={cn('inline-flex items-center gap-1', className)} data-testid="review-summary">
        <StarIcon aria-hidden="true" className="size-3.5 fill-amber-400 text-amber-500" />
        <span className="tabular-nums">{summary.average.toFixed(1)}</span>
        <span className="text-muted-foreground">
          ({summary.count}
          <span className="sr-only"> {summary.count === 1 ? 'review' : 'reviews'}</span>)
        </span>
      </span>
    );
  }
  return (
    <span className={cn('inline-flex items-center gap-1.5', className)} data-testid="review-summary">
      <StarRating value={summary.average} />
      <span className="font-medium tabular-nums">{summary.average.toFixed(1)}</span>
      <span className="text-muted-foreground">
        ({summary.count} {summary.count === 1 ? 'review' : 'reviews'})
      </span>
    </span>
  );
}
