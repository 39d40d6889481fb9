import { dayOf, isPageViewEvent } from '../../domain/analytics/page-views';
import type { LogPosition } from '../../event-store/port';
import type { Collection } from '../../read-store/port';
import type { Projection } from '../projection';
import { POSITION_FIELD, deleteBelow, dropIfBelowHorizon, insertOnce, upsertOnce } from '../projection';

/** Views and unique visitors per day and path. */
export const PAGE_VIEWS_DAILY = 'page_views_daily';
/** Views and unique visitors per day, all paths together. */
export const PAGE_VIEW_DAYS = 'page_view_days';
/** Which (day, visitor) and (day, visitor, path) were seen: one document each, so uniques are counted once. */
export const PAGE_VIEW_VISITORS = 'page_view_visitors';

export type PageViewsDailyDoc = { _id: string; date: string; path: string; views: number; visitors: number; _position?: number };
export type PageViewDayDoc = { _id: string; date: string; views: number; visitors: number; _position?: number };
type VisitorDoc = { _id: string; date: string; _position?: number };

const DAY_MS = 24 * 60 * 60 * 1000;
const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00.000Z`) - DAY_MS).toISOString().slice(0, 10);

/** First-party page-view statistics, from the `page-views-{day}-{visitor}` streams. */
export function createPageViewsProjection(): Projection {
  let sweptBefore: string | undefined;
  return {
    name: PAGE_VIEWS_DAILY,
    collections: [PAGE_VIEWS_DAILY, PAGE_VIEW_DAYS, PAGE_VIEW_VISITORS],
    handles: ['PageViewed'],
    async setup(store) {
      await store.collection<PageViewsDailyDoc>(PAGE_VIEWS_DAILY).createIndex({ date: 1 });
      await store.collection<VisitorDoc>(PAGE_VIEW_VISITORS).createIndex({ date: 1 });
    },
    async apply(event, store) {
      if (!isPageViewEvent(event)) return;
      const { path, visitorHash, at } = event.data;
      const date = dayOf(at);
      const visitors = store.collection<VisitorDoc>(PAGE_VIEW_VISITORS);
      // A mark only tells whether a view is its visitor's first of the day, so marks
      // older than yesterday go, once per new day (yesterday stays for views appended
      // just after midnight). A view delivered again after its marks went still counts
      // once: the counts below are guarded by position.
      const keepFrom = dayBefore(date);
      if (sweptBefore === undefined || keepFrom > sweptBefore) {
        // One tombstone stands for every mark swept, so a node applying an older view late drops its mark again (docs/decisions/0061).
        await deleteBelow(visitors, 'date', keepFrom, event.position);
        sweptBefore = keepFrom;
      }
      const newToday = await markSeen(visitors, `d|${date}|${visitorHash}`, date, event.position);
      const newOnPath = await markSeen(visitors, `p|${date}|${visitorHash}|${path}`, date, event.position);
      await upsertOnce(store.collection<PageViewsDailyDoc>(PAGE_VIEWS_DAILY), `${date}|${path}`, event.position, {
        $set: { date, path },
        $inc: { views: 1, visitors: newOnPath ? 1 : 0 },
      });
      await upsertOnce(store.collection<PageViewDayDoc>(PAGE_VIEW_DAYS), date, event.position, {
        $set: { date },
        $inc: { views: 1, visitors: newToday ? 1 : 0 },
      });
    },
  };
}

/**
 * True when this event is the first to see the key. A replay after a crash
 * between writes finds the key stamped with this event's own position, which
 * still counts as first, so counts neither double nor go missing.
 */
async function markSeen(visitors: Collection<VisitorDoc>, key: string, date: string, position: LogPosition): Promise<boolean> {
  if (await insertOnce(visitors, { _id: key, date }, position)) {
    await dropIfBelowHorizon(visitors, key, 'date', date, position);
    return true;
  }
  const existing = await visitors.findOne({ _id: key });
  return existing?.[POSITION_FIELD] === position;
}
