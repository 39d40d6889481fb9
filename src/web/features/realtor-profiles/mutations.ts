import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RealtorProfileData } from '../../../contract/realtor-profiles/realtor-profiles';
import { toast } from '../../components/ui/use-toast';
import { apiRequest, readErrorMessage } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import type { OwnRealtorProfile } from './types';

export function useSaveRealtorProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: RealtorProfileData) => apiRequest<OwnRealtorProfile>('POST', '/api/realtor-profile', profile),
    onSuccess: async (saved) => {
      queryClient.setQueryData(queryKeys.ownRealtorProfile, saved);
      toast({ title: 'Profile updated', description: 'Homeowners now see your updated profile on your bids.' });
      // Bids show the profile's picture; other readers of this realtor's profile are out of date too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.ownBids, exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.realtorProfile(saved.userId), exact: true }),
      ]);
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Update failed', description: readErrorMessage(error) });
    },
  });
}
