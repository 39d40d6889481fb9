import { useInfiniteQuery } from '@tanstack/react-query';
import type { InquiryType } from '../../../../contract/prospects';
import { Badge } from '../../../components/ui/badge';
import { buttonVariants } from '../../../components/ui/button';
import { Table, TableCell, TableHead, TableRow } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { DownloadIcon, InboxIcon } from '../../../components/ui/icons';
import { QueryStates } from '../../../components/ui/query-states';
import { SectionCard } from '../../../components/ui/section-card';
import { Spinner } from '../../../components/ui/spinner';
import { formatCount, formatDateTime, formatWhen, humanize } from '../format';
import { FilterSelect, ListFilters } from '../list-filters';
import { listItems, listTotal } from '../paged-list';
import { PagedListFooter } from '../paged-list-footer';
import { prospectsCsvHref, prospectsQuery } from './queries';
import { INQUIRY_TYPE_LABELS, INQUIRY_TYPE_OPTIONS, type ProspectFilters } from './types';
import type { ProspectView } from '../../../../contract/prospects';

const NOUN = { one: 'prospect', many: 'prospects' };

/**
 * Contact requests from the public site (/, /about, /contact), newest first, a page
 * at a time. Searched by the tab's search box (email, message, page), filtered by
 * inquiry type, and exported as CSV with the same search and filters.
 */
export function ProspectsSection({ search = '', filters = {}, onFiltersChange }: { search?: string; filters?: ProspectFilters; onFiltersChange?: (next: ProspectFilters) => void }) {
  const prospects = useInfiniteQuery(prospectsQuery(search, filters));
  const list = listItems(prospects.data);
  const total = listTotal(prospects.data);
  const filtered = search !== '' || filters.inquiryType !== undefined;

  return (
    <SectionCard
      title="Prospects"
      description={list === undefined ? 'Contact requests from the public site, newest first' : describeTotal(total, search)}
      actions={
        <div className="flex flex-wrap items-center gap-3">
          {prospects.isFetching && !prospects.isFetchingNextPage && list !== undefined && <Spinner size="sm" label="Updating prospects" />}
          <a href={prospectsCsvHref(search, filters)} download className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            <DownloadIcon />
            Download CSV
          </a>
        </div>
      }
    >
      {onFiltersChange !== undefined && (
        <ListFilters label="Filter prospects">
          <FilterSelect
            label="Inquiry type"
            value={filters.inquiryType}
            options={INQUIRY_TYPE_OPTIONS}
            anyLabel="All types"
            onChange={(inquiryType) => onFiltersChange({ ...filters, inquiryType })}
          />
        </ListFilters>
      )}
      <QueryStates query={prospects} list={list} what="prospects" rows={4} empty={
        <EmptyState
          className="border-0 py-10"
          icon={<InboxIcon />}
          title={filtered ? 'No prospects match' : 'No prospects yet'}
          description={filtered ? 'Try another search or inquiry type.' : 'Messages sent from the contact forms on the landing, about and contact pages appear here.'}
        />
      }>
        {(list) => (
          <>
            <ProspectTable prospects={list} />
            <ProspectCards prospects={list} />
            <PagedListFooter query={prospects} noun={NOUN} />
          </>
        )}
      </QueryStates>
    </SectionCard>
  );
}

function describeTotal(total: number, search: string): string {
  const prospects = `${formatCount(total)} ${total === 1 ? 'prospect' : 'prospects'}, newest first`;
  return search === '' ? prospects : `${prospects}, matching “${search}”`;
}

function ProspectTable({ prospects }: { prospects: ProspectView[] }) {
  return (
    <div className="hidden lg:block">
      <Table className="table-fixed">
        <thead>
          <tr>
            <TableHead className="w-36">Received</TableHead>
            <TableHead className="w-64">Email</TableHead>
            <TableHead className="w-28">Type</TableHead>
            <TableHead className="w-24">Page</TableHead>
            <TableHead>Message</TableHead>
            <TableHead className="w-32">IP</TableHead>
          </tr>
        </thead>
        <tbody>
          {prospects.map((prospect) => (
            <TableRow key={prospect.id} data-testid="prospect-row">
              <TableCell>
                <time dateTime={prospect.createdAt} title={formatDateTime(prospect.createdAt)} className="whitespace-nowrap">
                  {formatWhen(prospect.createdAt)}
                </time>
              </TableCell>
              <TableCell className="truncate" title={prospect.email}>
                <a href={`mailto:${prospect.email}`} className="font-medium underline-offset-4 hover:underline">
                  {prospect.email}
                </a>
              </TableCell>
              <TableCell>
                <TypeBadge type={prospect.inquiryType} />
              </TableCell>
              <TableCell className="truncate">{humanize(prospect.page)}</TableCell>
              <TableCell className="truncate text-muted-foreground" title={prospect.message ?? undefined}>
                {prospect.message ?? '—'}
              </TableCell>
              <TableCell className="truncate font-mono text-xs" title={prospect.userAgent ?? undefined}>
                {prospect.ipAddress ?? '—'}
              </TableCell>
            </TableRow>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

function ProspectCards({ prospects }: { prospects: ProspectView[] }) {
  return (
    <ul className="divide-y divide-border lg:hidden">
      {prospects.map((prospect) => (
        <li key={prospect.id} className="flex flex-col gap-2 py-3 text-sm first:pt-0 last:pb-0" data-testid="prospect-row">
          <div className="flex items-start justify-between gap-3">
            <a href={`mailto:${prospect.email}`} className="min-w-0 truncate font-medium underline-offset-4 hover:underline">
              {prospect.email}
            </a>
            <TypeBadge type={prospect.inquiryType} />
          </div>
          {prospect.message !== null && <p className="line-clamp-3 text-pretty text-muted-foreground">{prospect.message}</p>}
          <p className="text-xs text-muted-foreground">
            <time dateTime={prospect.createdAt}>{formatDateTime(prospect.createdAt)}</time> · from {humanize(prospect.page)} ·{' '}
            <span className="font-mono">{prospect.ipAddress ?? '—'}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}

function TypeBadge({ type }: { type: InquiryType }) {
  return <Badge variant={type === 'realtor' ? 'brand' : type === 'homeowner' ? 'neutral' : 'muted'}>{INQUIRY_TYPE_LABELS[type]}</Badge>;
}
