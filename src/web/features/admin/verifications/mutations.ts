import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/use-toast';
import { apiFetch, apiRequest, readErrorMessage } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import type { Verification } from './types';
import type { BulkApprovalJson } from '../../../../contract/verification/verification';

// A review changes the homeowner's isVerified (Users tab) and the list.
function refreshAfterReview(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.adminVerifications }),
    queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers }),
  ]);
}

export function useApproveVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<Verification>('POST', `/api/admin/verifications/${encodeURIComponent(id)}/approve`),
    onSuccess: async () => {
      toast({ title: 'Verification approved successfully' });
      await refreshAfterReview(queryClient);
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Failed to approve verification', description: readErrorMessage(error) });
    },
  });
}

/** Approves the selected pending bills at once; each is approved once, and the answer says which were skipped. */
export function useApproveVerifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => apiRequest<BulkApprovalJson>('POST', '/api/admin/verifications/approve', { ids }),
    onSuccess: async ({ approved, skipped }) => {
      const title = `${approved.length} ${approved.length === 1 ? 'verification' : 'verifications'} approved`;
      const description = skipped.length === 0 ? undefined : `${skipped.length} skipped: ${[...new Set(skipped.map((item) => item.reason))].join('; ')}`;
      toast({ title, ...(description === undefined ? {} : { description }) });
      await refreshAfterReview(queryClient);
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Failed to approve verifications', description: readErrorMessage(error) });
    },
  });
}

export function useRejectVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, subject, message }: { id: string; subject: string; message: string }) =>
      apiRequest<Verification & { emailSent?: boolean }>('POST', `/api/admin/verifications/${encodeURIComponent(id)}/reject`, { subject, message }),
    onSuccess: async (answer) => {
      // The rejection stands even when the mail provider fails; say so rather than claim the mail went.
      if (answer.emailSent === false) {
        toast({ title: 'Verification rejected', description: 'The email to the homeowner could not be sent.' });
      } else {
        toast({ title: 'Verification rejected and email sent' });
      }
      await refreshAfterReview(queryClient);
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Failed to reject verification', description: readErrorMessage(error) });
    },
  });
}

/** Opens the bill in a new tab (SPEC §2 Admin portal), through GET /api/admin/verification-document/{key}. */
export function openVerificationDocument(documentKey: string): Promise<void> {
  return openAdminDocument(`/api/admin/verification-document/${encodeURIComponent(documentKey)}`);
}

/**
 * Opens a submitted document in a new tab: a homeowner's bill, a realtor's licence.
 * The tab is opened in the click itself, so popup blockers allow it, and pointed
 * at the short-lived address `addressRoute` answers once it arrives.
 */
export async function openAdminDocument(addressRoute: string): Promise<void> {
  const tab = window.open('', '_blank');
  if (tab !== null) {
    // The document needs no handle on the portal.
    tab.opener = null;
    tab.document.title = 'Opening document…';
  }
  try {
    const { url } = await apiFetch<{ url: string }>(addressRoute);
    if (tab === null) window.open(url, '_blank', 'noopener');
    else tab.location.href = url;
  } catch (error) {
    tab?.close();
    toast({ variant: 'destructive', title: 'Failed to open document', description: readErrorMessage(error) });
  }
}
