import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, apiRequest } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import type { AdminPropertyJson } from '../../../../contract/listings/listings';

/**
 * PUT /api/admin/properties/{id}/toggle. The spec reloads the page after it;
 * refetching the portal's property reads gives the same result without losing
 * the tab and the search.
 */
export function useToggleProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (propertyId: string) => apiRequest<AdminPropertyJson>('PUT', `/api/admin/properties/${encodeURIComponent(propertyId)}/toggle`),
    onSuccess: async (property) => {
      toast({ title: property.isActive ? 'Property activated' : 'Property deactivated', description: property.title });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.adminProperties }),
        queryClient.invalidateQueries({ queryKey: queryKeys.adminDashboard }),
      ]);
    },
    onError: (error) => {
      const message = error instanceof ApiError ? error.serverMessage : '';
      toast({ variant: 'destructive', title: 'Update failed', description: message || 'Failed to update property' });
    },
  });
}
