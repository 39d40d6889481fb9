import type { InquiryType } from '../../../../contract/prospects/prospects';
import { Badge } from '../../../components/ui/badge';
import { buttonVariants } from '../../../components/ui/button';
import { DownloadIcon, InboxIcon } from '../../../components/ui/icons';
import { AdminList, type AdminColumn } from '../admin-list';
import { formatCount, formatDateTime, formatWhen, humanize } from '../format';
import { prospectsCsvHref, prospectsQuery } from './queries';
import { INQUIRY_TYPE_LABELS, INQUIRY_TYPE_OPTIONS, type ProspectFilters } from './types';
import type { ProspectView } from '../../../../contract/prospects/prospects';

const COLUMNS: ReadonlyArray<AdminColumn<ProspectView>> = [
  {
    head: 'Received',
    className: 'w-36',
    cellClassName: '',
    cell: (prospect) => (
      <time dateTime={prospect.createdAt} title={formatDateTime(prospect.createdAt)} className="whitespace-nowrap">
        {formatWhen(prospect.createdAt)}
      </time>
    ),
  },
  {
    head: 'Email',
    className: 'w-64',
    cellClassName: 'truncate',
    title: (prospect) => prospect.email,
    cell: (prospect) => (
      <a href={`mailto:${prospect.email}`} className="font-medium underline-offset-4 hover:underline">
        {prospect.email}
      </a>
    ),
  },
  { head: 'Type', className: 'w-28', cellClassName: '', cell: (prospect) => <TypeBadge type={prospect.inquiryType} /> },
  { head: 'Page', className: 'w-24', cellClassName: 'truncate', cell: (prospect) => humanize(prospect.page) },
  { head: 'Message', cellClassName: 'truncate text-muted-foreground', title: (prospect) => prospect.message ?? undefined, cell: (prospect) => prospect.message ?? '—' },
  { head: 'IP', className: 'w-32', cellClassName: 'truncate font-mono text-xs', title: (prospect) => prospect.userAgent ?? undefined, cell: (prospect) => prospect.ipAddress ?? '—' },
];

/**
 * Contact requests from the public site (/, /about, /contact), newest first, a page
 * at a time. Searched by the tab's search box (email, message, page), filtered by
 * inquiry type, and exported as CSV with the same search and filters.
 */
export function ProspectsSection({ search = '', filters = {}, onFiltersChange }: { search?: string; filters?: ProspectFilters; onFiltersChange?: (next: ProspectFilters) => void }) {
  const filtered = search !== '' || filters.inquiryType !== undefined;
  return (
    <AdminList
      title="Prospects" intro="Contact requests from the public site, newest first" noun={{ one: 'prospect', many: 'prospects' }}
      query={prospectsQuery(search, filters)} search={search}
      describe={describeTotal}
      actions={
        <a href={prospectsCsvHref(search, filters)} download className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          <DownloadIcon />
          Download CSV
        </a>
      }
      filters={{ value: filters, onChange: onFiltersChange, controls: [{ key: 'inquiryType', label: 'Inquiry type', options: INQUIRY_TYPE_OPTIONS, anyLabel: 'All types' }] }}
      empty={{ icon: <InboxIcon />, title: filtered ? 'No prospects match' : 'No prospects yet',
        description: filtered ? 'Try another search or inquiry type.' : 'Messages sent from the contact forms on the landing, about and contact pages appear here.' }}
      columns={COLUMNS}
      tableClassName="table-fixed"
      wideFrom="lg"
      rowTestId="prospect-row"
      cardTestId="prospect-row"
      dense
      cardClassName="flex flex-col gap-2 text-sm"
      card={(prospect) => (
        <>
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
        </>
      )}
    />
  );
}

function describeTotal(total: number, search: string): string {
  const prospects = `${formatCount(total)} ${total === 1 ? 'prospect' : 'prospects'}, newest first`;
  return search === '' ? prospects : `${prospects}, matching “${search}”`;
}

function TypeBadge({ type }: { type: InquiryType }) {
  return <Badge variant={type === 'realtor' ? 'brand' : type === 'homeowner' ? 'neutral' : 'muted'}>{INQUIRY_TYPE_LABELS[type]}</Badge>;
}
