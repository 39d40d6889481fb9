import type { RealtorProfileView } from '../../../contract/realtor-profiles/realtor-profiles';

/** GET and POST /api/realtor-profile: the signed-in realtor's own profile (contact included). */
export type OwnRealtorProfile = RealtorProfileView;

/** GET /api/dashboard/insights (docs/decisions/0039). */
export type { RealtorInsights } from '../../../contract/realtor-profiles/realtor-insights';
