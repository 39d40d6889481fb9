import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Table, TableCell, TableHead, TableRow } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { ExternalLinkIcon, HomeCheckIcon } from '../../../components/ui/icons';
import { CheckIcon, XIcon } from '../../../components/ui/shell-icons';
import { SectionCard } from '../../../components/ui/section-card';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { formatCount, formatDateTime } from '../format';
import { listItems } from '../paged-list';
import { PagedListFooter } from '../paged-list-footer';
import { openVerificationDocument, useApproveVerification, useApproveVerifications } from './mutations';
import { verificationsQuery } from './queries';
import { RejectVerificationDialog } from './reject-dialog';
import type { Verification, VerificationFilters, VerificationStatus } from './types';
import { submitterName } from './types';
import { QueryStates } from '../../../components/ui/query-states';
import type { VerificationCounts } from '../../../../contract/verification';

type Filter = VerificationStatus | 'all';
const FILTERS: ReadonlyArray<{ value: Filter; label: string }> = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
];
const NOUN = { one: 'submission', many: 'submissions' };
const MAX_SELECTED = 100;

/**
 * The Homeowners tab: utility bills submitted for ownership verification, to approve or reject.
 * The pending queue reads oldest first, so no bill waits behind newer ones.
 */
export function VerificationsSection({
  search = '',
  filters = { status: 'pending' },
  onFiltersChange,
}: {
  search?: string;
  filters?: VerificationFilters;
  onFiltersChange?: (next: VerificationFilters) => void;
}) {
  const verifications = useInfiniteQuery(verificationsQuery(search, filters));
  const [rejecting, setRejecting] = useState<Verification | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const approveSelected = useApproveVerifications();
  const filter: Filter = filters.status ?? 'all';
  const list = listItems(verifications.data);
  const counts = verifications.data?.pages[0]?.counts;
  // Only bills still pending and on screen can be approved; a review elsewhere drops them from the selection.
  const pendingShown = list?.filter((item) => item.status === 'pending') ?? [];
  const chosen = pendingShown.filter((item) => selected.has(item.id)).map((item) => item.id);
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on && next.size < MAX_SELECTED) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <SectionCard
      title="Ownership verifications"
      description={counts === undefined ? 'Utility bills homeowners submitted' : describe(counts)}
      actions={
        <div className="flex flex-wrap items-center gap-3">
          {verifications.isFetching && !verifications.isFetchingNextPage && list !== undefined && <Spinner size="sm" label="Updating verifications" />}
          <StatusFilter
            value={filter}
            counts={counts}
            onChange={(next) => {
              setSelected(new Set());
              onFiltersChange?.({ ...filters, status: next === 'all' ? undefined : next });
            }}
          />
        </div>
      }
    >
      {pendingShown.length > 0 && (
        <div className="mb-4 flex flex-wrap items-center gap-3 text-sm">
          <label className="inline-flex cursor-pointer items-center gap-2">
            <input
              type="checkbox"
              className="size-4 accent-brand"
              checked={chosen.length > 0 && chosen.length === Math.min(pendingShown.length, MAX_SELECTED)}
              onChange={(event) => setSelected(new Set(event.target.checked ? pendingShown.slice(0, MAX_SELECTED).map((item) => item.id) : []))}
            />
            Select all pending shown
          </label>
          <Button
            variant="brand"
            size="sm"
            disabled={chosen.length === 0 || approveSelected.isPending}
            onClick={() => approveSelected.mutate(chosen, { onSuccess: () => setSelected(new Set()) })}
          >
            {approveSelected.isPending ? <Spinner size="sm" label="Approving" className="text-current" /> : <CheckIcon />}
            Approve selected ({chosen.length})
          </Button>
        </div>
      )}
      <QueryStates query={verifications} list={list} what="verifications" rows={4} empty={
        <EmptyState
          className="border-0 py-10"
          icon={<HomeCheckIcon />}
          title={search !== '' ? 'No verifications match your search' : filter === 'pending' ? 'No verifications waiting for review' : 'No verifications here'}
          description={
            filter === 'pending' && search === ''
              ? 'Utility bills that homeowners submit for ownership verification appear here for approval or rejection.'
              : 'Choose another status or search to see other submissions.'
          }
        />
      }>
        {(shown) => (
          <>
            <VerificationTable items={shown} onReject={setRejecting} selected={selected} onSelect={toggle} />
            <VerificationCards items={shown} onReject={setRejecting} selected={selected} onSelect={toggle} />
            <PagedListFooter query={verifications} noun={NOUN} />
          </>
        )}
      </QueryStates>
      <RejectVerificationDialog verification={rejecting} onClose={() => setRejecting(null)} />
    </SectionCard>
  );
}

function describe({ pending, approved, rejected }: VerificationCounts): string {
  const all = pending + approved + rejected;
  return `${formatCount(pending)} pending of ${formatCount(all)} ${all === 1 ? 'submission' : 'submissions'}`;
}

function StatusFilter({ value, onChange, counts }: { value: Filter; onChange: (next: Filter) => void; counts: VerificationCounts | undefined }) {
  return (
    <div role="group" aria-label="Filter by status" className="inline-flex flex-wrap gap-1 rounded-lg bg-muted p-1">
      {FILTERS.map((option) => {
        const count = counts === undefined ? undefined : option.value === 'all' ? counts.pending + counts.approved + counts.rejected : counts[option.value];
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
            {count !== undefined && <span className="tabular-nums text-neutral-600">{formatCount(count)}</span>}
          </button>
        );
      })}
    </div>
  );
}

type ListProps = {
  items: Verification[];
  onReject: (item: Verification) => void;
  selected: ReadonlySet<string>;
  onSelect: (id: string, on: boolean) => void;
};

function SelectBox({ item, selected, onSelect }: { item: Verification; selected: ReadonlySet<string>; onSelect: (id: string, on: boolean) => void }) {
  if (item.status !== 'pending') return null;
  return (
    <input
      type="checkbox"
      className="size-4 cursor-pointer accent-brand"
      aria-label={`Select ${submitterName(item)}`}
      checked={selected.has(item.id)}
      onChange={(event) => onSelect(item.id, event.target.checked)}
    />
  );
}

function VerificationTable({ items, onReject, selected, onSelect }: ListProps) {
  return (
    <div className="hidden md:block">
      <Table>
        <thead>
          <tr>
            <TableHead className="w-8">
              <span className="sr-only">Select</span>
            </TableHead>
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
                <SelectBox item={item} selected={selected} onSelect={onSelect} />
              </TableCell>
              <TableCell>
                <div className="font-medium">{submitterName(item)}</div>
                <div className="max-w-64 truncate text-xs text-muted-foreground" title={item.userEmail ?? undefined}>
                  {item.userEmail ?? '—'}
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

function VerificationCards({ items, onReject, selected, onSelect }: ListProps) {
  return (
    <ul className="divide-y divide-border md:hidden">
      {items.map((item) => (
        <li key={item.id} className="grid gap-3 py-4 first:pt-0 last:pb-0">
          <div className="flex items-start justify-between gap-3">
            <div className="flex min-w-0 items-start gap-3">
              <SelectBox item={item} selected={selected} onSelect={onSelect} />
              <div className="min-w-0">
                <p className="truncate font-medium">{submitterName(item)}</p>
                <p className="truncate text-sm text-muted-foreground">{item.userEmail ?? '—'}</p>
              </div>
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
    <Button variant="outline" size="sm" onClick={() => void openVerificationDocument(item.utilityBillUrl || item.documentUrl)} aria-label={`View document of ${submitterName(item)}`}>
      <ExternalLinkIcon />
      View document
    </Button>
  );
}

function ReviewActions({ item, onReject }: { item: Verification; onReject: (item: Verification) => void }) {
  const approve = useApproveVerification();
  if (item.status !== 'pending') {
    if (item.reviewedAt === null) return null;
    return (
      <div className="inline-flex max-w-72 flex-col items-end gap-0.5 text-right text-xs text-muted-foreground">
        <span>
          Reviewed {formatDateTime(item.reviewedAt)}
          {item.reviewedByName !== null && ` by ${item.reviewedByName}`}
        </span>
        {item.adminNotes !== null && (
          <span className="line-clamp-2 italic" title={item.adminNotes}>
            “{item.adminNotes}”
          </span>
        )}
      </div>
    );
  }
  return (
    <div className="inline-flex flex-wrap justify-end gap-2">
      <Button variant="brand" size="sm" disabled={approve.isPending} onClick={() => approve.mutate(item.id)} aria-label={`Approve ${submitterName(item)}`}>
        {approve.isPending ? <Spinner size="sm" label="Approving" className="text-current" /> : <CheckIcon />}
        Approve
      </Button>
      <Button variant="outline" size="sm" onClick={() => onReject(item)} aria-label={`Reject ${submitterName(item)}`}>
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
