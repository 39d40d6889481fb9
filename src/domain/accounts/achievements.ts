/*
 * The realtor achievements (SPEC §9). Pure: the account decider grants a
 * reward in the same append as the bid that completes it, and the dashboard
 * shows progress with the same table, so the two cannot disagree.
 */

import type { AchievementId, AchievementJson } from '../../contract/realtor-profiles/realtor-insights';

export type { AchievementId };

export interface AchievementRule {
  id: AchievementId;
  title: string;
  description: string;
  /** What the progress counts. */
  measure: 'bids' | 'properties';
  maxProgress: number;
  /** Credits granted once when it completes. */
  reward: number;
}

export const ACHIEVEMENTS: readonly AchievementRule[] = [
  { id: 'first-bid', title: 'First Bid', description: 'Place your first bid', measure: 'bids', maxProgress: 1, reward: 1 },
  { id: 'bid-streak', title: 'Bid Streak', description: 'Bid on 5 different properties', measure: 'properties', maxProgress: 5, reward: 3 },
  { id: 'high-roller', title: 'High Roller', description: 'Place 50 bids', measure: 'bids', maxProgress: 50, reward: 5 },
];

/**
 * Counts of standing bids: a refunded bid no longer counts, so a refund can
 * leave an achievement incomplete, and its reward is then withdrawn
 * (docs/decisions/0023). Otherwise bid, refund, repeat would mint credits.
 */
export interface BidCounts {
  bids: number;
  properties: number;
}

/** An achievement with its progress, as GET /api/dashboard answers it. */
export type Achievement = AchievementJson;

export function findAchievement(id: string): AchievementRule | undefined {
  return ACHIEVEMENTS.find((rule) => rule.id === id);
}

export function isComplete(rule: AchievementRule, counts: BidCounts): boolean {
  return counts[rule.measure] >= rule.maxProgress;
}

/** Every achievement with its progress, as the dashboard shows it. */
export function achievementProgress(counts: BidCounts): Achievement[] {
  return ACHIEVEMENTS.map(({ measure, ...rule }) => {
    const progress = Math.min(counts[measure], rule.maxProgress);
    return { ...rule, progress, completed: progress >= rule.maxProgress };
  });
}

/** Completed achievements not held (never rewarded, or withdrawn since), in table order. */
export function unrewardedAchievements(counts: BidCounts, granted: readonly string[]): AchievementRule[] {
  return ACHIEVEMENTS.filter((rule) => isComplete(rule, counts) && !granted.includes(rule.id));
}
