import { VIBE_CATEGORIES, type PropertyType, type VibeCategory, type VibeMetrics } from '../../../contract/listings/listings';

export const propertyTypeLabels: Record<PropertyType, string> = {
  house: 'House',
  apartment: 'Apartment',
  condo: 'Condo',
  townhouse: 'Townhouse',
};

/** The vibe card's labels (SPEC §2 /listing), in the card's order. */
export const vibeLabels: Record<VibeCategory, string> = {
  cafes: 'Café Scene',
  greenery: 'Green Spaces',
  schools: 'Education',
  safety: 'Safety',
  transit: 'Transit',
  community: 'Community',
};

/** The overall vibe score: the rounded average of the six. */
export function overallVibeScore(metrics: VibeMetrics): number {
  const total = VIBE_CATEGORIES.reduce((sum, category) => sum + metrics[category], 0);
  return Math.round(total / VIBE_CATEGORIES.length);
}

export function pluralize(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "2d 4h 03m 09s" until `endsAt`, or null once it has passed. */
export function formatTimeLeft(endsAt: string, now: number): string | null {
  const ms = new Date(endsAt).getTime() - now;
  if (!(ms > 0)) return null;
  const seconds = Math.floor(ms / 1000);
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const secs = seconds % 60;
  const two = (value: number) => String(value).padStart(2, '0');
  if (days > 0) return `${days}d ${hours}h ${two(minutes)}m ${two(secs)}s`;
  if (hours > 0) return `${hours}h ${two(minutes)}m ${two(secs)}s`;
  return `${minutes}m ${two(secs)}s`;
}

export function isBiddingOpen(endsAt: string, now: number): boolean {
  return new Date(endsAt).getTime() > now;
}
