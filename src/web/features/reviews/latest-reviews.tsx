import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '../../components/ui/error-state';
import { Skeleton } from '../../components/ui/skeleton';
import { realtorReviewsQuery } from './queries';
import { ReviewList } from './review-list';

/** The realtor's three newest reviews, for the profile dialog (docs/decisions/0051). */
export function LatestReviews({ realtorId }: { realtorId: string }) {
  const reviews = useQuery(realtorReviewsQuery(realtorId, 3));
  return (
    <section className="grid gap-2" aria-labelledby="latest-reviews-heading">
      <h3 id="latest-reviews-heading" className="text-sm font-semibold">
        Latest reviews
      </h3>
      {reviews.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : reviews.isError ? (
        <ErrorState title="Failed to load the reviews" error={reviews.error} onRetry={() => void reviews.refetch()} />
      ) : reviews.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">No reviews yet.</p>
      ) : (
        <ReviewList reviews={reviews.data.items} />
      )}
    </section>
  );
}
