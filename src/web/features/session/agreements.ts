import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { LegalDocumentType } from '../../../contract/legal';
import { toast } from '../../components/ui/use-toast';
import { apiFetch, apiRequest, readErrorMessage } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** An active document the signed-in user has not accepted yet. */
export type PendingDocument = {
  id: number;
  type: LegalDocumentType;
  title: string;
  content: string;
  version: string;
  effectiveDate: string;
};

/** GET /api/user/pending-agreements: new versions the user must accept before continuing. */
export function pendingAgreementsQuery() {
  return queryOptions({
    queryKey: queryKeys.pendingAgreements,
    queryFn: () => apiFetch<PendingDocument[]>('/api/user/pending-agreements'),
  });
}

export function useAcceptAgreements() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentIds: number[]) =>
      apiRequest<{ recorded: number; pending: PendingDocument[] }>('POST', '/api/user/agreements', { documentIds }),
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
