import type { ReactNode } from 'react';
import type { ReviewView } from '../../../contract/reviews/reviews';
import { StarRating } from '../../components/star-rating';
import { formatDate } from '../../lib/format';

/** Reviews, newest first: rating, words, who (a label that names no one), when, and the realtor's reply. */
export function ReviewList({ reviews, renderReply }: { reviews: ReviewView[]; renderReply?: (review: ReviewView) => ReactNode }) {
  return (
    <ul className="grid gap-3" aria-label="Reviews">
      {reviews.map((review) => (
        <li key={review.id} className="grid gap-2 rounded-lg border border-border p-3 text-sm" data-testid="review">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <StarRating value={review.rating} />
            <span className="text-xs text-muted-foreground">
              {review.author} · {formatDate(review.createdAt)}
            </span>
          </div>
          {review.text === '' ? (
            <p className="italic text-muted-foreground">The author of this review deleted their account.</p>
          ) : (
            <p className="whitespace-pre-line break-words">{review.text}</p>
          )}
          {review.reply !== null ? (
            <div className="grid gap-1 rounded-md bg-muted/60 p-2" data-testid="review-reply">
              <p className="text-xs font-medium text-muted-foreground">Realtor's reply · {formatDate(review.reply.at)}</p>
              <p className="whitespace-pre-line break-words">{review.reply.text}</p>
            </div>
          ) : (
            renderReply?.(review)
          )}
        </li>
      ))}
    </ul>
  );
}
