import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { useRealtime } from '../../lib/realtime';
import { toast } from '../../components/ui/use-toast';
import type { Admin } from './types';

export function useAdminLogin() {
  const queryClient = useQueryClient();
  const realtime = useRealtime();
  return useMutation({
    mutationFn: (credentials: { username: string; password: string }) =>
      apiRequest<{ admin: Admin }>('POST', '/api/admin/login', credentials),
    onSuccess: ({ admin }) => {
      // Whatever an earlier (expired) session left in the cache belongs to someone else's view.
      removeAdminData(queryClient);
      queryClient.setQueryData(queryKeys.adminMe, admin);
      // The server puts a socket in the `admins` room at handshake, so the live activity feed needs a fresh one.
      realtime.reconnect();
    },
  });
}

export function useAdminLogout() {
  const queryClient = useQueryClient();
  const realtime = useRealtime();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      try {
        await apiRequest('POST', '/api/admin/logout');
      } catch {
        throw new Error('Logout failed');
      }
    },
    onSuccess: async () => {
      // Signed out first, so the portal unmounts before its data goes.
      queryClient.setQueryData(queryKeys.adminMe, null);
      removeAdminData(queryClient);
      realtime.reconnect();
      await navigate({ to: '/admin', search: {} });
    },
    onError: (error) => {
      toast({ title: 'Logout failed', description: error.message, variant: 'destructive' });
    },
  });
}

/** Every admin read but the session itself. */
function removeAdminData(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: queryKeys.admin, predicate: (query) => query.queryKey[1] !== queryKeys.adminMe[1] });
}
