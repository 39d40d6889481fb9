import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicLegalDocument } from '../../../contract/legal/legal';
import { toast } from '../../components/ui/use-toast';
import { apiFetch, apiRequest, readErrorMessage } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** GET /api/user/pending-agreements: new versions the user must accept before continuing. */
export function pendingAgreementsQuery() {
  return queryOptions({
    queryKey: queryKeys.pendingAgreements,
    queryFn: () => apiFetch<PublicLegalDocument[]>('/api/user/pending-agreements'),
  });
}

export function useAcceptAgreements() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentIds: number[]) =>
      apiRequest<{ recorded: number; pending: PublicLegalDocument[] }>('POST', '/api/user/agreements', { documentIds }),
    // The answer says what is still pending (a newer version may have been activated meanwhile).
    onSuccess: ({ pending }) => {
      queryClient.setQueryData(queryKeys.pendingAgreements, pending);
      if (pending.length === 0) toast({ title: 'Thank you', description: 'Your acceptance has been recorded.' });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Could not record your acceptance', description: readErrorMessage(error) });
    },
  });
}
