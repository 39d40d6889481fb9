import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserInfoData, UserRole } from '../../../contract/accounts/accounts';
import { toast } from '../../components/ui/use-toast';
import { ApiError, apiRequest, readErrorMessage } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** The parts of the signed-in user the account screens show. */
export type AccountDetails = {
  name: string;
  username: string;
  email: string;
  phone: string | null;
  role: UserRole;
  profileImageUrl?: string | null;
};

export function useUpdateAccountInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, phone }: UserInfoData) => apiRequest<unknown>('PUT', '/api/user/info', { name, phone: phone ?? '' }),
    onSuccess: (answer) => {
      // The answer is the updated user; anything else means the cached one is out of date.
      if (typeof answer === 'object' && answer !== null && 'id' in answer) queryClient.setQueryData(queryKeys.user, answer);
      else void queryClient.invalidateQueries({ queryKey: queryKeys.user, exact: true });
      toast({ title: 'Profile updated', description: 'Your account details have been saved.' });
    },
    onError: (error) => {
      const message = error instanceof ApiError ? error.serverMessage : '';
      toast({ variant: 'destructive', title: 'Update failed', description: message || 'Failed to update user info' });
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (passwords: { currentPassword: string; newPassword: string }) =>
      apiRequest('PUT', '/api/user/change-password', passwords),
    onSuccess: () => {
      toast({ title: 'Password updated', description: 'Your password has been changed.' });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Error changing password', description: readErrorMessage(error) });
    },
  });
}
