import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BidSelectionView } from '../../../contract/bidding/bidding';
import type { CreatePropertyData, UpdatePropertyData } from '../../../contract/listings/listing-requests';
import { toast } from '../../components/ui/use-toast';
import { ApiError, apiRequest, readErrorMessage } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import type { Property, PropertyBid } from './types';

function serverMessage(error: unknown): string {
  return error instanceof ApiError ? error.serverMessage : '';
}

/** POST /api/properties; the caller navigates to the new listing. */
export function useCreateProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: CreatePropertyData) => apiRequest<Property>('POST', '/api/properties', data),
    onSuccess: (property) => {
      queryClient.setQueryData(queryKeys.property(property.id), property);
      void queryClient.invalidateQueries({ queryKey: queryKeys.propertyPages });
      void queryClient.invalidateQueries({ queryKey: queryKeys.ownProperties, exact: true });
      toast({ title: 'Property listed', description: 'Your listing is live and realtors can now bid on it.' });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Failed to create property', description: serverMessage(error) || readErrorMessage(error) });
    },
  });
}

export function useUpdateProperty(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: UpdatePropertyData) => apiRequest<Property>('PUT', `/api/properties/${encodeURIComponent(propertyId)}`, data),
    onSuccess: (property) => {
      if (typeof property === 'object' && property !== null && 'id' in property) queryClient.setQueryData(queryKeys.property(propertyId), property);
      else void queryClient.invalidateQueries({ queryKey: queryKeys.property(propertyId), exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.propertyPages });
      void queryClient.invalidateQueries({ queryKey: queryKeys.ownProperties, exact: true });
      toast({ title: 'Property updated', description: 'Your changes are saved and realtors have been notified.' });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Update failed', description: serverMessage(error) || 'Failed to update property' });
    },
  });
}

/** DELETE /api/properties/{id}. Toasts are the caller's: the catalogue words them per screen. */
export function useDeleteProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (propertyId: string) => apiRequest<{ success: true }>('DELETE', `/api/properties/${encodeURIComponent(propertyId)}`),
    onSuccess: (_answer, propertyId) => {
      queryClient.setQueryData<Property[]>(queryKeys.ownProperties, (list) => list?.filter((property) => property.id !== propertyId));
      // The listing's own entries are dropped by the caller once its page is left (forgetProperty),
      // so a page still showing it does not refetch a 404 on the way out.
      void queryClient.invalidateQueries({ queryKey: queryKeys.propertyPages });
      void queryClient.invalidateQueries({ queryKey: queryKeys.ownProperties, exact: true });
    },
  });
}

/** Drops a deleted listing and its bids from the cache. */
export function forgetProperty(queryClient: QueryClient, propertyId: string): void {
  queryClient.removeQueries({ queryKey: queryKeys.property(propertyId) });
}

/** The chosen bid comes as the owner now sees it, without the edit count the list keeps. */
export type SelectBidAnswer = BidSelectionView;

/** POST /api/properties/{id}/select-bid: after the close, the owner picks one bid and both get the other's contact. */
export function useSelectBid(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bidId: string) =>
      apiRequest<SelectBidAnswer>('POST', `/api/properties/${encodeURIComponent(propertyId)}/select-bid`, { bidId }),
    onSuccess: (answer) => {
      // The answer's bid carries the contact at once; the refetch brings the rest of the list in line.
      queryClient.setQueryData<PropertyBid[]>(queryKeys.propertyBids(propertyId), (bids) =>
        bids?.map((bid) => (bid.id === answer.bidId ? { ...bid, ...answer.bid, selected: true } : bid)),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.propertyBids(propertyId), exact: true });
      // The listing's cards and page now say 'Realtor chosen'.
      void queryClient.invalidateQueries({ queryKey: queryKeys.property(propertyId), exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.propertyPages });
      void queryClient.invalidateQueries({ queryKey: queryKeys.ownProperties, exact: true });
      toast({ title: 'Realtor selected', description: 'Their contact details are now shown, and they have been sent yours.' });
    },
    onError: (error) => {
      // A 409 means a selection already stands: show it.
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.propertyBids(propertyId), exact: true });
      }
      toast({ variant: 'destructive', title: 'Failed to select bid', description: serverMessage(error) || readErrorMessage(error) });
    },
  });
}
