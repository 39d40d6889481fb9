import type { RealtorProfileView } from '../../../contract/realtor-profiles';

/** GET and POST /api/realtor-profile: the signed-in realtor's own profile (contact included). */
export type OwnRealtorProfile = RealtorProfileView;

export type Achievement = {
  id: string;
  title: string;
  description: string;
  progress: number;
  maxProgress: number;
  reward: number;
  completed: boolean;
};

/** GET /api/dashboard. */
export type RealtorDashboardData = {
  credits: number;
  totalBids: number;
  achievements: Achievement[];
};

/** GET /api/dashboard/insights (docs/decisions/0039). */
export type { RealtorInsights } from '../../../contract/realtor-insights';
