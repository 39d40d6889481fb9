import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminReviewView } from '../../../../contract/reviews/reviews';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest, readErrorMessage } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { pagedListQuery } from '../paged-list';

/** Every review, hidden ones too, newest first, a page at a time (docs/decisions/0051). */
export function adminReviewsQuery() {
  return pagedListQuery<AdminReviewView>(queryKeys.adminReviews, '/api/admin/reviews', {});
}

/** POST /api/admin/reviews/{reviewId}/hide with the reason, which the activity log keeps. */
export function useHideReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, reason }: { reviewId: string; reason: string }) => apiRequest<AdminReviewView>('POST', `/api/admin/reviews/${encodeURIComponent(reviewId)}/hide`, { reason }),
    onSuccess: async () => {
      toast({ title: 'Review hidden' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.adminReviews });
    },
    onError: (error) => {
      toast({ title: 'Error hiding the review', description: readErrorMessage(error), variant: 'destructive' });
    },
  });
}
