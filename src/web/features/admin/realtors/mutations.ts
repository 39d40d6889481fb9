import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest, readErrorMessage } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { openAdminDocument } from '../verifications/mutations';
import type { AdminRealtorProfile } from './types';

/** A licence review: approve, reject with the mailed subject and message, or revoke with a reason (docs/decisions/0050). */
export type RealtorReview =
  | { action: 'approve'; userId: string }
  | { action: 'reject'; userId: string; subject: string; message: string }
  | { action: 'revoke'; userId: string; reason: string };

const DONE = { approve: 'Licence approved', reject: 'Licence rejected', revoke: 'Licence verification revoked' } as const;
const FAILED = { approve: 'Failed to approve licence', reject: 'Failed to reject licence', revoke: 'Failed to revoke licence' } as const;

export function useReviewRealtor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, userId, ...body }: RealtorReview) =>
      apiRequest<AdminRealtorProfile & { emailSent: boolean }>('POST', `/api/admin/realtor-profiles/${encodeURIComponent(userId)}/${action}`, action === 'approve' ? undefined : body),
    onSuccess: async (answer, { action }) => {
      // The review stands even when the mail provider fails; say so rather than claim the mail went.
      toast({ title: DONE[action], ...(answer.emailSent ? {} : { description: 'The email to the realtor could not be sent.' }) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.adminRealtorProfiles });
    },
    onError: (error, { action }) => {
      toast({ variant: 'destructive', title: FAILED[action], description: readErrorMessage(error) });
    },
  });
}

/** Opens the realtor's licence document in a new tab, as bills open. */
export function openLicenceDocument(documentKey: string): Promise<void> {
  return openAdminDocument(`/api/admin/realtor-document/${encodeURIComponent(documentKey)}`);
}
