import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewView } from '../../../contract/reviews/reviews';
import { toast } from '../../components/ui/use-toast';
import { apiRequest, readErrorMessage } from '../../lib/api';
import { loadReviewAnswer } from '../../lib/answer-schemas';
import { queryKeys } from '../../lib/query-keys';

/** POST /api/properties/{id}/review: the owner reviews the realtor they chose, once. */
export function useSubmitReview(propertyId: string, realtorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { rating: number; text: string }) =>
      apiRequest<ReviewView>('POST', `/api/properties/${encodeURIComponent(propertyId)}/review`, { rating: input.rating, text: input.text.trim() }, loadReviewAnswer),
    onSuccess: async () => {
      toast({ title: 'Review posted', description: 'Thank you: other homeowners will see it on this realtor’s profile.' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.realtorProfile(realtorId) });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Failed to post the review', description: readErrorMessage(error) });
    },
  });
}

/** POST /api/reviews/{reviewId}/reply: the reviewed realtor answers, once. */
export function useReplyToReview(realtorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, text }: { reviewId: string; text: string }) =>
      apiRequest<ReviewView>('POST', `/api/reviews/${encodeURIComponent(reviewId)}/reply`, { text: text.trim() }, loadReviewAnswer),
    onSuccess: async () => {
      toast({ title: 'Reply posted' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.realtorProfile(realtorId) });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Failed to post the reply', description: readErrorMessage(error) });
    },
  });
}
