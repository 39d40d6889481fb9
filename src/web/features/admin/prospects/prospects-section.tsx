import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { INQUIRY_TYPES, type InquiryType } from '../../../../domain/prospects/rules';
import { Badge } from '../../../components/ui/badge';
import { buttonVariants } from '../../../components/ui/button';
import { Table, TableCell, TableHead, TableRow } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Label } from '../../../components/ui/label';
import { SectionCard } from '../../../components/ui/section-card';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { Pager } from '../activity/pager';
import { DownloadIcon, InboxIcon } from '../../../components/ui/icons';
import { formatCount, formatWhen, formatDateTime, humanize } from '../format';
import { prospectsCsvHref, prospectsQuery } from './queries';
import type { Prospect } from './types';

const typeLabels: Record<InquiryType, string> = { homeowner: 'Homeowner', realtor: 'Realtor', general: 'General' };

/**
 * Contact requests from the public site (/, /about, /contact). Searched by the
 * portal's shared search box (email, message, page), filtered by inquiry type,
 * paged, and exported as CSV with the same filters.
 */
export function ProspectsSection({ search }: { search: string }) {
  const [inquiryType, setInquiryType] = useState<InquiryType | ''>('');
  // The page belongs to the filters it was chosen for; new filters start at page 1.
  const filterKey = `${search}\u0000${inquiryType}`;
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const prospects = useQuery(prospectsQuery({ search, inquiryType, page }));
  const data = prospects.data;
  const pageCount = data === undefined ? 1 : Math.max(1, Math.ceil(data.total / data.pageSize));

  return (
    <SectionCard
      title="Prospects"
      description={data === undefined ? 'Contact requests from the public site, newest first' : describeTotal(data.total, search)}
      actions={
        <div className="flex flex-wrap items-end gap-3">
          {prospects.isFetching && data !== undefined && <Spinner size="sm" label="Updating prospects" />}
          <div className="grid gap-1.5">
            <Label htmlFor="prospect-type-filter" className="text-xs text-muted-foreground">
              Inquiry type
            </Label>
            <select
              id="prospect-type-filter"
              value={inquiryType}
              onChange={(event) => setInquiryType(event.target.value as InquiryType | '')}
              className="h-8 cursor-pointer rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <option value="">All types</option>
              {INQUIRY_TYPES.map((type) => (
                <option key={type} value={type}>
                  {typeLabels[type]}
                </option>
              ))}
            </select>
          </div>
          <a href={prospectsCsvHref({ search, inquiryType })} download className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            <DownloadIcon />
            Download CSV
          </a>
        </div>
      }
    >
      {prospects.isError ? (
        <ErrorState title="Failed to load prospects" error={prospects.error} onRetry={() => void prospects.refetch()} />
      ) : data === undefined ? (
        <SkeletonRows rows={4} label="Loading prospects" />
      ) : data.prospects.length === 0 ? (
        <EmptyState
          className="border-0 py-10"
          icon={<InboxIcon />}
          title={search === '' && inquiryType === '' ? 'No prospects yet' : 'No prospects match'}
          description={
            search === '' && inquiryType === ''
              ? 'Messages sent from the contact forms on the landing, about and contact pages appear here.'
              : 'Try another search or inquiry type.'
          }
        />
      ) : (
        <div className="flex flex-col gap-4">
          <ProspectTable prospects={data.prospects} />
          <ProspectCards prospects={data.prospects} />
          <Pager
            page={data.page}
            pageCount={pageCount}
            onPageChange={(next) => setPaging({ filterKey, page: next })}
            label="Prospect pages"
          />
        </div>
      )}
    </SectionCard>
  );
}

function describeTotal(total: number, search: string): string {
  const prospects = `${formatCount(total)} ${total === 1 ? 'prospect' : 'prospects'}, newest first`;
  return search === '' ? prospects : `${prospects}, matching “${search}”`;
}

function ProspectTable({ prospects }: { prospects: Prospect[] }) {
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

function ProspectCards({ prospects }: { prospects: Prospect[] }) {
  return (
    <ul className="-mx-4 -mt-4 divide-y divide-border sm:-mx-6 sm:-mt-6 lg:hidden">
      {prospects.map((prospect) => (
        <li key={prospect.id} className="flex flex-col gap-2 px-4 py-3 text-sm sm:px-6" data-testid="prospect-row">
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
  return <Badge variant={type === 'realtor' ? 'brand' : type === 'homeowner' ? 'neutral' : 'muted'}>{typeLabels[type]}</Badge>;
}
