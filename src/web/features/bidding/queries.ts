import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';
import { loadOwnBidsAnswer, loadRealtorProfileAnswer } from '../../lib/answer-schemas';
import { queryKeys } from '../../lib/query-keys';
import type { OwnBid, RealtorProfileView, Viewer } from './types';

/** GET /api/bids: the signed-in realtor's bids, newest first. */
export function ownBidsQuery() {
  return queryOptions({
    queryKey: queryKeys.ownBids,
    queryFn: () => apiFetch<OwnBid[]>('/api/bids', {}, loadOwnBidsAnswer),
  });
}

/** GET /api/realtor-profile/{realtorId}; the spec calls it only while the profile dialog is open. */
export function realtorProfileQuery(realtorId: string, open: boolean) {
  return queryOptions({
    queryKey: queryKeys.realtorProfile(realtorId),
    queryFn: open ? () => apiFetch<RealtorProfileView>(`/api/realtor-profile/${encodeURIComponent(realtorId)}`, {}, loadRealtorProfileAnswer) : skipToken,
    // What the viewer may see changes with the close and the selection: every opening asks again.
    staleTime: 0,
  });
}

/**
 * GET /api/realtor-profile: the signed-in realtor's own profile, whose
 * `verificationStatus` says whether they may bid (docs/decisions/0050). The
 * same entry the profile screen reads; `realtor:verification` pushes refresh it.
 */
export function ownVerificationQuery() {
  return queryOptions({
    queryKey: queryKeys.ownRealtorProfile,
    queryFn: () => apiFetch<RealtorProfileView>('/api/realtor-profile', {}, loadRealtorProfileAnswer),
  });
}

/**
 * The signed-in user, read from the session's ['user'] entry without fetching
 * it: this feature's components are given only a property, the sign-in guard
 * has already loaded the user, and the session feature keeps it fresh
 * (credits follow `credits:changed`).
 */
export function useViewer(): Viewer | null {
  const { data } = useQuery<Viewer | null>({ queryKey: queryKeys.user, queryFn: skipToken });
  return data ?? null;
}
