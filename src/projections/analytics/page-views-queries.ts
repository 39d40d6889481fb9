import type { ReadStore } from '../../read-store/port';
import type { PageViewDayDoc, PageViewsDailyDoc } from './page-views';
import { PAGE_VIEW_DAYS, PAGE_VIEWS_DAILY } from './page-views';

/** Days as YYYY-MM-DD, both ends included. */
export interface DayRange {
  from: string | undefined;
  to: string | undefined;
}

const dateIn = ({ from, to }: DayRange) => ({ date: { $gte: from, $lte: to } });

/** Each day's views and visitors over the whole site. */
export function pageViewDayTotals(store: ReadStore, days: DayRange): Promise<PageViewDayDoc[]> {
  return store.collection<PageViewDayDoc>(PAGE_VIEW_DAYS).find(dateIn(days));
}

/** Each page's views and visitors, one document a page a day. */
export function pageViewsPerPage(store: ReadStore, days: DayRange): Promise<PageViewsDailyDoc[]> {
  return store.collection<PageViewsDailyDoc>(PAGE_VIEWS_DAILY).find(dateIn(days));
}
