/*
 * The public market stats (GET /api/stats/areas, docs/decisions/0040-market-stats.md)
 * as the server answers them and /market shows them: counts and medians per
 * area, never a listing, a person or a per-listing value.
 */

/** The windows the stats cover, in days back from the request's clock. */
export const MARKET_WINDOW_DAYS = [30, 90] as const;
export type MarketWindowDays = (typeof MARKET_WINDOW_DAYS)[number];

/** Fewer listings than this in an area (or fewer with a bid, for the median) and the number is not shown. */
export const MINIMUM_GROUP = 5;

/** The row that sums the areas below MINIMUM_GROUP, shown only when the sum itself reaches it. */
export const OTHER_AREAS = 'Other areas';

export interface MarketAreaStats {
  /** 'City, State' as most of its listings spell it, or OTHER_AREAS. */
  area: string;
  /** Listings that went live in the window (deleted ones included: they were listed). */
  listings: number;
  /** Bids placed on those listings, refunded ones included, per listing; one decimal. */
  averageBidsPerListing: number;
  /** Median hours from going live to the first bid, over those listings that have one; null below MINIMUM_GROUP of them. One decimal. */
  medianHoursToFirstBid: number | null;
}

export interface MarketStatsWindow {
  days: MarketWindowDays;
  /** Most listings first; OTHER_AREAS last. */
  areas: MarketAreaStats[];
}

export interface MarketStats {
  windows: MarketStatsWindow[];
  minimumGroup: number;
  /** The clock the stats were computed at. */
  asOf: string;
}
