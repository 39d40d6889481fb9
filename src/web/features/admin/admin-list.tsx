import type { ReactNode } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Table, TableCell, TableHead, TableRow } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { QueryStates } from '../../components/ui/query-states';
import { SectionCard } from '../../components/ui/section-card';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { formatCount } from './format';
import { DeclaredFilters, type FilterControl, type FilterValues } from './list-filters';
import { firstPage, listItems, listTotal, type ListAnswer, type pagedListQuery } from './paged-list';
import { PagedListFooter } from './paged-list-footer';

/** One column of the desktop table: its heading and what each row shows in it. */
export type AdminColumn<T> = {
  head: ReactNode;
  /** Classes of the heading and, unless `cellClassName` is given, of each cell (widths, alignment, `hidden lg:table-cell`). */
  className?: string;
  cellClassName?: string;
  /** The cell's tooltip, for truncated text. */
  title?: (item: T) => string | undefined;
  cell: (item: T) => ReactNode;
};

/**
 * What an admin list declares (docs/decisions/0064-one-admin-list.md); the rest,
 * the paged query, the count, the filter row, the four states, the table from
 * `wideFrom` up, the cards below it and the footer, is the same for every list.
 */
export type AdminListDeclaration<T extends { id: string | number }, Extra extends object = object, F extends FilterValues = FilterValues> = {
  title: string;
  /** The description until the first page arrives. */
  intro: string;
  noun: { one: string; many: string };
  /** What the loading, failure, updating and filter texts call the list; `noun.many` by default. */
  what?: string;
  /** The list's `pagedListQuery(…)`. */
  query: ReturnType<typeof pagedListQuery<T, Extra>>;
  /** The tab's search, for the count ("12 bids matching “x”"). */
  search?: string;
  /** The description once loaded; by default the count, and the search when there is one. */
  describe?: (total: number, search: string, first: ListAnswer<T, Extra>) => string;
  /** The filters' values and controls (list-filters.tsx); the row is left out without `onChange` (the list shown elsewhere). */
  filters?: { value: F; onChange: ((next: F) => void) | undefined; controls: ReadonlyArray<FilterControl<F>> };
  empty: { icon: ReactNode; title: string; description: string };
  /** Skeleton rows while loading. */
  rows?: number;
  /** Beside the updating spinner in the card's header (a download link, a create button); given the first page once loaded. */
  actions?: ReactNode | ((first: ListAnswer<T, Extra> | undefined) => ReactNode);
  /** Between the filters and the list, given the items loaded so far (a bulk action). */
  toolbar?: (items: T[] | undefined) => ReactNode;
  /** The desktop table; a list without columns shows its cards at every width. */
  columns?: ReadonlyArray<AdminColumn<T>>;
  tableClassName?: string;
  /** The width from which the table replaces the cards. */
  wideFrom?: 'md' | 'lg';
  /** The test ids of the table's rows and of the cards. */
  rowTestId?: string;
  cardTestId?: string;
  /** One item on a phone. */
  card: (item: T) => ReactNode;
  /** The card's own layout classes; its padding and dividers are the list's. */
  cardClassName?: string;
  /** Closer cards (py-3 instead of py-4). */
  dense?: boolean;
  /** Dialogs and the like, after the list. */
  children?: ReactNode;
};

const WIDE = {
  md: { table: 'hidden md:block', cards: 'md:hidden' },
  lg: { table: 'hidden lg:block', cards: 'lg:hidden' },
} as const;

export function describeCount(total: number, search: string, noun: { one: string; many: string }): string {
  const count = `${formatCount(total)} ${total === 1 ? noun.one : noun.many}`;
  return search === '' ? count : `${count} matching “${search}”`;
}

/** An admin list section, built from its declaration. */
export function AdminList<T extends { id: string | number }, Extra extends object = object, F extends FilterValues = FilterValues>(list: AdminListDeclaration<T, Extra, F>) {
  const query = useInfiniteQuery(list.query);
  const items = listItems(query.data);
  const total = listTotal(query.data);
  const search = list.search ?? '';
  const what = list.what ?? list.noun.many;
  const updating = query.isFetching && !query.isFetchingNextPage && items !== undefined ? <Spinner size="sm" label={`Updating ${what}`} /> : undefined;
  const wide = WIDE[list.wideFrom ?? 'md'];
  const first = firstPage(query.data);
  const actions = typeof list.actions === 'function' ? list.actions(first) : list.actions;

  return (
    <SectionCard
      title={list.title}
      description={
        first === undefined ? list.intro : list.describe === undefined ? describeCount(total, search, list.noun) : list.describe(total, search, first)
      }
      actions={
        actions === undefined ? (
          updating
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            {updating}
            {actions}
          </div>
        )
      }
    >
      {list.filters?.onChange !== undefined && (
        <DeclaredFilters label={`Filter ${what}`} controls={list.filters.controls} value={list.filters.value} onChange={list.filters.onChange} />
      )}
      {list.toolbar?.(items)}
      <QueryStates
        query={query}
        list={items}
        what={what}
        rows={list.rows ?? 4}
        empty={<EmptyState className="border-0 py-10" {...list.empty} />}
      >
        {(shown) => (
          <>
            {list.columns !== undefined && <ListTable list={list} items={shown} className={wide.table} />}
            <ul className={cn('divide-y divide-border', list.columns !== undefined && wide.cards)} aria-label={list.columns === undefined ? list.title : undefined}>
              {shown.map((item) => (
                <li key={item.id} className={cn(list.cardClassName, list.dense === true ? 'py-3' : 'py-4', 'first:pt-0 last:pb-0')} data-testid={list.cardTestId}>
                  {list.card(item)}
                </li>
              ))}
            </ul>
            <PagedListFooter query={query} noun={list.noun} />
          </>
        )}
      </QueryStates>
      {list.children}
    </SectionCard>
  );
}

function ListTable<T extends { id: string | number }, Extra extends object, F extends FilterValues>({ list, items, className }: { list: AdminListDeclaration<T, Extra, F>; items: T[]; className: string }) {
  const columns = list.columns ?? [];
  return (
    <div className={className}>
      <Table className={list.tableClassName}>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <TableHead key={index} className={column.className}>
                {column.head}
              </TableHead>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <TableRow key={item.id} data-testid={list.rowTestId}>
              {columns.map((column, index) => (
                <TableCell key={index} className={column.cellClassName ?? column.className} title={column.title?.(item)}>
                  {column.cell(item)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
