import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../components/ui/use-toast';
import { apiRequest, readErrorMessage } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import type { OwnBid } from './types';

/** POST /api/properties/{id}/bid, then the bid list and the user refresh (SPEC §4 Bid placing). */
export function usePlaceBid(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ amount, message }: { amount: number; message: string }) =>
      apiRequest<OwnBid>('POST', `/api/properties/${encodeURIComponent(propertyId)}/bid`, {
        propertyId,
        amount,
        // Trimmed, and left out when empty (SPEC §5 Bid).
        ...(message.trim() === '' ? {} : { message: message.trim() }),
      }),
    onSuccess: async () => {
      toast({ title: 'Bid placed successfully', description: 'Your bid has been submitted and the homeowner has been notified.' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.propertyBids(propertyId), exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.ownBids, exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.user, exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.realtorDashboard, exact: true }),
      ]);
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Failed to place bid', description: readErrorMessage(error) });
    },
  });
}

/** PUT /api/bids/{bidId}: only the message changes (SPEC §4). */
export function useEditBidMessage(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bidId, message }: { bidId: string; message: string }) =>
      apiRequest<OwnBid>('PUT', `/api/bids/${encodeURIComponent(bidId)}`, { message: message.trim() }),
    onSuccess: async () => {
      toast({ title: 'Bid message updated successfully' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.propertyBids(propertyId), exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.ownBids, exact: true }),
      ]);
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Failed to update bid', description: readErrorMessage(error) });
    },
  });
}
