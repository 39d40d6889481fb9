import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ReviewView } from '../../../contract/reviews/reviews';
import { REPLY_TEXT_MAX, REPLY_TEXT_RULE } from '../../../contract/reviews/reviews';
import { ReviewSummaryLine } from '../../components/star-rating';
import { Button } from '../../components/ui/button';
import { ErrorState } from '../../components/ui/error-state';
import { Skeleton } from '../../components/ui/skeleton';
import { TextareaField } from '../../components/ui/textarea';
import { useReplyToReview } from './mutations';
import { realtorReviewsQuery, reviewSummaryQuery } from './queries';
import { ReviewList } from './review-list';

const SHOWN = 100;

/** The realtor's dashboard: their rating, their reviews newest first, and a reply to each one not yet answered (docs/decisions/0051). */
export function RealtorReviewsSection({ realtorId }: { realtorId: string }) {
  const reviews = useQuery(realtorReviewsQuery(realtorId, SHOWN));
  const summary = useQuery(reviewSummaryQuery(realtorId));
  return (
    <section className="grid gap-4" aria-labelledby="reviews-heading">
      <div className="grid gap-1">
        <h2 id="reviews-heading" className="text-xl font-semibold">
          Your reviews
        </h2>
        <p className="text-sm text-muted-foreground">Homeowners who chose you review you once per listing. You can answer each review once.</p>
      </div>
      {reviews.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : reviews.isError ? (
        <ErrorState title="Failed to load your reviews" error={reviews.error} onRetry={() => void reviews.refetch()} />
      ) : reviews.data.items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">No reviews yet. When a homeowner who chose you reviews you, it shows here.</p>
      ) : (
        <>
          {summary.data !== undefined && (
            <p className="text-sm" data-testid="dashboard-rating">
              <ReviewSummaryLine summary={summary.data} />
            </p>
          )}
          <ReviewList reviews={reviews.data.items} renderReply={(review) => <ReplyForm realtorId={realtorId} review={review} />} />
        </>
      )}
    </section>
  );
}

function ReplyForm({ realtorId, review }: { realtorId: string; review: ReviewView }) {
  const reply = useReplyToReview(realtorId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Button size="sm" variant="outline" className="justify-self-start" onClick={() => setOpen(true)}>
        Reply
      </Button>
    );
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (trimmed.length < 1 || trimmed.length > REPLY_TEXT_MAX) return setError(REPLY_TEXT_RULE);
    setError(undefined);
    reply.mutate({ reviewId: review.id, text: trimmed });
  };
  return (
    <form onSubmit={onSubmit} className="grid gap-2" noValidate>
      <TextareaField label="Your reply" value={text} onChange={(event) => setText(event.target.value)} maxLength={REPLY_TEXT_MAX} error={error} />
      <div className="flex gap-2">
        <Button type="submit" size="sm" variant="brand" disabled={reply.isPending}>
          {reply.isPending ? 'Posting…' : 'Post reply'}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
