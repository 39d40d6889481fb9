/* A realtor's insights as the server answers them and the dashboard reads them (docs/decisions/0039). */

/** GET /api/dashboard/insights. Null where there is nothing to divide by yet. */
export interface RealtorInsights {
  /** Standing bids on listings whose bidding has ended. */
  closedBids: number;
  wins: number;
  /** wins / closedBids, 0..1. */
  winRate: number | null;
  /** Median whole minutes from a listing's creation to this realtor's bid on it. */
  medianMinutesToBid: number | null;
  /** Credits spent on bids that stand (refunded ones came back). */
  creditsSpent: number;
  creditsPerWin: number | null;
  /** Standing bids and wins per listing location, most bids first. */
  areas: Array<{ area: string; bids: number; wins: number }>;
}

/** The achievements a realtor can complete. */
export type AchievementId = 'first-bid' | 'bid-streak' | 'high-roller';

/** An achievement with the realtor's progress towards it. */
export interface AchievementJson {
  id: AchievementId;
  title: string;
  description: string;
  progress: number;
  maxProgress: number;
  /** Credits granted once when it completes. */
  reward: number;
  completed: boolean;
}

/** GET /api/dashboard: the realtor's balance, bids placed (refunded ones too) and achievements. */
export interface RealtorDashboardJson {
  credits: number;
  totalBids: number;
  achievements: AchievementJson[];
}
