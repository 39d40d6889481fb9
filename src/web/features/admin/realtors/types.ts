import type { AdminRealtor } from '../../../../contract/admin/admin-realtors';
import type { RealtorVerificationStatus } from '../../../../contract/realtor-profiles/realtor-profiles';

/** GET /api/admin/realtors (and the spec's /api/admin/realtor-profiles): every realtor, profile or not. */
export type AdminRealtorProfile = AdminRealtor;

export type RealtorFilters = {
  hasProfile?: 'true' | 'false';
  verificationStatus?: RealtorVerificationStatus;
  sort?: 'newest' | 'oldest' | 'name';
};

export const PROFILE_STATES = [
  { value: 'true', label: 'With a profile' },
  { value: 'false', label: 'No profile yet' },
] as const;

/** The licence review's states, the queue first (docs/decisions/0050). */
export const VERIFICATION_STATES = [
  { value: 'pending', label: 'Pending review' },
  { value: 'approved', label: 'Verified' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'not_submitted', label: 'Not submitted' },
] as const satisfies ReadonlyArray<{ value: RealtorVerificationStatus; label: string }>;

export const REALTOR_SORTS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'name', label: 'By name' },
] as const;

/** Keeps only the filters a link may carry. */
export function parseRealtorFilters(search: Record<string, unknown>): RealtorFilters {
  const filters: RealtorFilters = {};
  const hasProfile = typeof search.hasProfile === 'boolean' ? String(search.hasProfile) : search.hasProfile;
  if (hasProfile === 'true' || hasProfile === 'false') filters.hasProfile = hasProfile;
  const verificationStatus = VERIFICATION_STATES.find((option) => option.value === search.verificationStatus)?.value;
  if (verificationStatus !== undefined) filters.verificationStatus = verificationStatus;
  const sort = REALTOR_SORTS.find((option) => option.value === search.sort)?.value;
  if (sort !== undefined) filters.sort = sort;
  return filters;
}
