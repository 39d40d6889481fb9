import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Table, TableCell, TableHead, TableRow } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { CheckIcon, ExternalLinkIcon, HomeCheckIcon, XIcon } from '../../../components/ui/icons';
import { SectionCard } from '../../../components/ui/section-card';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { formatCount, formatDateTime } from '../format';
import { openVerificationDocument, useApproveVerification } from './mutations';
import { verificationsQuery } from './queries';
import { RejectVerificationDialog } from './reject-dialog';
import type { Verification, VerificationStatus } from './types';
import { QueryStates } from '../../../components/ui/query-states';

type Filter = VerificationStatus | 'all';
const FILTERS: ReadonlyArray<{ value: Filter; label: string }> = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
];

/** The Homeowners tab: utility bills submitted for ownership verification, to approve or reject. */
export function VerificationsSection() {
  const verifications = useQuery(verificationsQuery());
  // Pending first: the tab is a review queue.
  const [filter, setFilter] = useState<Filter>('pending');
  const [rejecting, setRejecting] = useState<Verification | null>(null);
  const list = verifications.data;
  const shown = list?.filter((item) => filter === 'all' || item.status === filter);

  return (
    <SectionCard
      title="Ownership verifications"
      description={list === undefined ? 'Utility bills homeowners submitted' : describe(list)}
      actions={
        <div className="flex flex-wrap items-center gap-3">
          {verifications.isFetching && list !== undefined && <Spinner size="sm" label="Updating verifications" />}
          <StatusFilter value={filter} onChange={setFilter} counts={list} />
        </div>
      }
    >
      <QueryStates query={verifications} list={shown} what="verifications" rows={4} empty={
        <EmptyState
          className="border-0 py-10"
          icon={<HomeCheckIcon />}
          title={filter === 'pending' ? 'No verifications waiting for review' : 'No verifications here'}
          description={
            filter === 'pending'
              ? 'Utility bills that homeowners submit for ownership verification appear here for approval or rejection.'
              : 'Choose another status to see other submissions.'
          }
        />
      }>
        {(shown) => (
          <>
            <VerificationTable items={shown} onReject={setRejecting} />
            <VerificationCards items={shown} onReject={setRejecting} />
          </>
        )}
      </QueryStates>
      <RejectVerificationDialog verification={rejecting} onClose={() => setRejecting(null)} />
    </SectionCard>
  );
}

function describe(list: Verification[]): string {
  const pending = list.filter((item) => item.status === 'pending').length;
  return `${formatCount(pending)} pending of ${formatCount(list.length)} ${list.length === 1 ? 'submission' : 'submissions'}`;
}

function StatusFilter({ value, onChange, counts }: { value: Filter; onChange: (next: Filter) => void; counts: Verification[] | undefined }) {
  return (
    <div role="group" aria-label="Filter by status" className="inline-flex flex-wrap gap-1 rounded-lg bg-muted p-1">
      {FILTERS.map((option) => {
        const count = counts?.filter((item) => option.value === 'all' || item.status === option.value).length;
        const active = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(option.value)}
            className={cn(
              'inline-flex h-7 cursor-pointer items-center gap-1.5 rounded-md px-2.5 text-xs font-medium transition-colors',
              'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              active ? 'bg-background text-foreground shadow-sm' : 'text-neutral-700 hover:text-foreground',
            )}
          >
            {option.label}
            {count !== undefined && <span className="tabular-nums text-neutral-600">{count}</span>}
          </button>
        );
      })}
    </div>
  );
}

type ListProps = { items: Verification[]; onReject: (item: Verification) => void };

function VerificationTable({ items, onReject }: ListProps) {
  return (
    <div className="hidden md:block">
      <Table>
        <thead>
          <tr>
            <TableHead>Homeowner</TableHead>
            <TableHead>Document</TableHead>
            <TableHead>Submitted</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">
              <span className="sr-only">Actions</span>
            </TableHead>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <TableRow key={item.id}>
              <TableCell>
                <div className="font-medium">{item.userName}</div>
                <div className="max-w-64 truncate text-xs text-muted-foreground" title={item.userEmail}>
                  {item.userEmail}
                </div>
              </TableCell>
              <TableCell>
                <DocumentButton item={item} />
              </TableCell>
              <TableCell className="whitespace-nowrap text-muted-foreground">{formatDateTime(item.submittedAt)}</TableCell>
              <TableCell>
                <StatusBadge item={item} />
              </TableCell>
              <TableCell className="text-right">
                <ReviewActions item={item} onReject={onReject} />
              </TableCell>
            </TableRow>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

function VerificationCards({ items, onReject }: ListProps) {
  return (
    <ul className="divide-y divide-border md:hidden">
      {items.map((item) => (
        <li key={item.id} className="grid gap-3 py-4 first:pt-0 last:pb-0">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="truncate font-medium">{item.userName}</p>
              <p className="truncate text-sm text-muted-foreground">{item.userEmail}</p>
            </div>
            <StatusBadge item={item} />
          </div>
          <p className="text-xs text-muted-foreground">Submitted {formatDateTime(item.submittedAt)}</p>
          <div className="flex flex-wrap items-center gap-2">
            <DocumentButton item={item} />
            <ReviewActions item={item} onReject={onReject} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function DocumentButton({ item }: { item: Verification }) {
  return (
    <Button variant="outline" size="sm" onClick={() => void openVerificationDocument(item.utilityBillUrl || item.documentUrl)} aria-label={`View document of ${item.userName}`}>
      <ExternalLinkIcon />
      View document
    </Button>
  );
}

function ReviewActions({ item, onReject }: { item: Verification; onReject: (item: Verification) => void }) {
  const approve = useApproveVerification();
  if (item.status !== 'pending') {
    return item.reviewedAt === null ? null : <span className="text-xs text-muted-foreground">Reviewed {formatDateTime(item.reviewedAt)}</span>;
  }
  return (
    <div className="inline-flex flex-wrap justify-end gap-2">
      <Button variant="brand" size="sm" disabled={approve.isPending} onClick={() => approve.mutate(item.id)} aria-label={`Approve ${item.userName}`}>
        {approve.isPending ? <Spinner size="sm" label="Approving" className="text-current" /> : <CheckIcon />}
        Approve
      </Button>
      <Button variant="outline" size="sm" onClick={() => onReject(item)} aria-label={`Reject ${item.userName}`}>
        <XIcon />
        Reject
      </Button>
    </div>
  );
}

function StatusBadge({ item }: { item: Verification }) {
  switch (item.status) {
    case 'approved':
      return (
        <Badge variant="success">
          <CheckIcon />
          Approved
        </Badge>
      );
    case 'rejected':
      return (
        <Badge variant="danger" title={item.rejectionReason ?? undefined}>
          Rejected
        </Badge>
      );
    case 'pending':
      return <Badge variant="warning">Pending</Badge>;
  }
}
