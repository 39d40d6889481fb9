import { ReviewsSection } from '../reviews/reviews-section';

export function ReviewsTab() {
  return <ReviewsSection />;
}
