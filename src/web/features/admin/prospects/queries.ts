import { queryKeys } from '../../../lib/query-keys';
import { pagedListQuery, presentParams } from '../paged-list';
import type { ProspectFilters } from './types';
import type { ProspectView } from '../../../../contract/prospects/prospects';

/** Contact requests, newest first, a page at a time, searched and filtered on the server. */
export function prospectsQuery(search = '', filters: ProspectFilters = {}) {
  return pagedListQuery<ProspectView>(queryKeys.adminProspects, '/api/admin/prospects', { search, ...filters });
}

/** The CSV export of the same search and filters, every page: a plain link, so the browser downloads it with the session cookie. */
export function prospectsCsvHref(search = '', filters: ProspectFilters = {}): string {
  const query = new URLSearchParams(presentParams({ search, ...filters })).toString();
  return query === '' ? '/api/admin/prospects.csv' : `/api/admin/prospects.csv?${query}`;
}
