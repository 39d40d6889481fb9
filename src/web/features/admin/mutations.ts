import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readErrorMessage } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../components/ui/use-toast';
import type { Admin, NewAdmin, UserUpdate } from './types';

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, update }: { userId: string; update: UserUpdate }) =>
      apiRequest('PUT', `/api/admin/users/${encodeURIComponent(userId)}`, update),
    onSuccess: async () => {
      toast({ title: 'User updated successfully' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers });
    },
    onError: async (error) => {
      toast({ title: 'Error updating user', description: readErrorMessage(error), variant: 'destructive' });
      // A 409 says the balance moved: show the current one.
      await queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers });
    },
  });
}

export function useCreateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (admin: NewAdmin) => apiRequest<Admin>('POST', '/api/admin/admin-users', admin),
    onSuccess: async () => {
      toast({ title: 'Admin user created successfully' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.adminAdministrators });
    },
    onError: (error) => {
      toast({ title: 'Error creating admin user', description: readErrorMessage(error), variant: 'destructive' });
    },
  });
}

export function useChangeAdminPassword() {
  return useMutation({
    mutationFn: ({ adminId, password }: { adminId: string; password: string }) =>
      apiRequest('PUT', `/api/admin/admin-users/${encodeURIComponent(adminId)}/password`, { password }),
    onSuccess: () => {
      toast({ title: 'Admin password updated successfully' });
    },
    onError: (error) => {
      toast({ title: 'Error updating admin password', description: readErrorMessage(error), variant: 'destructive' });
    },
  });
}

export function useDeactivateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (adminId: string) =>
      apiRequest('POST', `/api/admin/admin-users/${encodeURIComponent(adminId)}/deactivate`),
    onSuccess: async () => {
      toast({ title: 'Admin user deactivated' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.adminAdministrators });
    },
    onError: (error) => {
      toast({ title: 'Error deactivating admin user', description: readErrorMessage(error), variant: 'destructive' });
    },
  });
}
