import { QueryClient } from '@tanstack/react-query';

// Spec section 7: data changes reach the client through mutations (which
// invalidate by key) and realtime events, never through polling or focus
// refetches, and a failed call is shown rather than retried.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
