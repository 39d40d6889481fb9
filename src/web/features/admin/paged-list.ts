import { infiniteQueryOptions, keepPreviousData, type InfiniteData } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';
import { formatCount } from './format';

/** What every admin list answers (docs/decisions/0032-admin-list-contract.md); some lists add keys such as `counts`. */
export type ListAnswer<T, Extra extends object = object> = { items: T[]; nextCursor: string | null; total: number } & Extra;

/** A list's search and filters; empty and undefined ones are left out of the request. */
export type ListParams = Record<string, string | number | boolean | undefined>;

export const LIST_PAGE_SIZE = 50;

/**
 * An admin list a page at a time. `key` is the list's key in lib/query-keys.ts,
 * so an invalidation of that key (a mutation, a live push) refetches every loaded page.
 */
export function pagedListQuery<T, Extra extends object = object>(key: readonly unknown[], path: string, params: ListParams = {}, limit = LIST_PAGE_SIZE) {
  const filters = presentParams(params);
  return infiniteQueryOptions({
    queryKey: [...key, 'list', filters] as const,
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ ...filters, limit: String(limit) });
      if (pageParam !== null) query.set('cursor', pageParam);
      return apiFetch<ListAnswer<T, Extra>>(`${path}?${query}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // A new search or filter keeps the last list on screen instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });
}

export function presentParams(params: ListParams): Record<string, string> {
  const present: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== '') present[name] = String(value);
  return present;
}

/** Every item of the pages loaded so far, in order; undefined until the first page arrives. */
export function listItems<T>(data: InfiniteData<ListAnswer<T>>): T[];
export function listItems<T>(data: InfiniteData<ListAnswer<T>> | undefined): T[] | undefined;
export function listItems<T>(data: InfiniteData<ListAnswer<T>> | undefined): T[] | undefined {
  return data?.pages.flatMap((page) => page.items);
}

/** How many items the whole filtered list holds (the first page's total), not only the pages loaded so far. */
export function listTotal(data: InfiniteData<{ total: number }> | undefined): number {
  return data?.pages[0]?.total ?? 0;
}

/** The first page's answer: `total` and extra keys such as `counts` describe the whole list. */
export function firstPage<A>(data: InfiniteData<A> | undefined): A | undefined {
  return data?.pages[0];
}

/** "Showing 50 of 522 users". */
export function describeShown(shown: number, total: number, noun: { one: string; many: string }): string {
  return `Showing ${formatCount(shown)} of ${formatCount(total)} ${total === 1 ? noun.one : noun.many}`;
}
