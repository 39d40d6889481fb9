import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ExternalLinkIcon, HomeCheckIcon } from '../../../components/ui/icons';
import { CheckIcon, XIcon } from '../../../components/ui/shell-icons';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { CardTitle } from '../list-parts';
import { AdminList } from '../admin-list';
import { formatCount, formatDateTime } from '../format';
import { openVerificationDocument, useApproveVerification, useApproveVerifications } from './mutations';
import { verificationsQuery } from './queries';
import { RejectVerificationDialog } from './reject-dialog';
import type { Verification, VerificationFilters, VerificationStatus } from './types';
import { submitterName } from './types';
import type { VerificationCounts } from '../../../../contract/verification/verification';

type Filter = VerificationStatus | 'all';
const FILTERS: ReadonlyArray<{ value: Filter; label: string }> = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
];
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
  const [rejecting, setRejecting] = useState<Verification | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const filter: Filter = filters.status ?? 'all';
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on && next.size < MAX_SELECTED) next.add(id);
      else next.delete(id);
      return next;
    });
  const select = (item: Verification) => <SelectBox item={item} selected={selected} onSelect={toggle} />;

  return (
    <AdminList
      title="Ownership verifications" intro="Utility bills homeowners submitted" noun={{ one: 'submission', many: 'submissions' }}
      describe={(_total, _search, first) => describe(first.counts)}
      what="verifications"
      query={verificationsQuery(search, filters)} search={search}
      actions={(first) => (
        <StatusFilter
          value={filter}
          counts={first?.counts}
          onChange={(next) => {
            setSelected(new Set());
            onFiltersChange?.({ ...filters, status: next === 'all' ? undefined : next });
          }}
        />
      )}
      // Only bills still pending and on screen can be approved; a review elsewhere drops them from the selection.
      toolbar={(items) => <ApproveSelected pendingShown={items?.filter((item) => item.status === 'pending') ?? []} selected={selected} onSelected={setSelected} />}
      empty={{ icon: <HomeCheckIcon />, title: search !== '' ? 'No verifications match your search' : filter === 'pending' ? 'No verifications waiting for review' : 'No verifications here',
        description: filter === 'pending' && search === '' ? 'Utility bills that homeowners submit for ownership verification appear here for approval or rejection.' : 'Choose another status or search to see other submissions.' }}
      columns={[
        { head: <span className="sr-only">Select</span>, className: 'w-8', cellClassName: '', cell: select },
        {
          head: 'Homeowner',
          cell: (item) => (
            <>
              <div className="font-medium">{submitterName(item)}</div>
              <div className="max-w-64 truncate text-xs text-muted-foreground" title={item.userEmail ?? undefined}>
                {item.userEmail ?? '—'}
              </div>
            </>
          ),
        },
        { head: 'Document', cell: (item) => <DocumentButton item={item} /> },
        { head: 'Submitted', cellClassName: 'whitespace-nowrap text-muted-foreground', cell: (item) => formatDateTime(item.submittedAt) },
        { head: 'Status', cell: (item) => <StatusBadge item={item} /> },
        { head: <span className="sr-only">Actions</span>, className: 'text-right', cell: (item) => <ReviewActions item={item} onReject={setRejecting} /> },
      ]}
      cardClassName="grid gap-3"
      card={(item) => (
        <>
          <div className="flex items-start justify-between gap-3">
            <div className="flex min-w-0 items-start gap-3">
              {select(item)}
              <CardTitle name={submitterName(item)} detail={item.userEmail ?? '—'} />
            </div>
            <StatusBadge item={item} />
          </div>
          <p className="text-xs text-muted-foreground">Submitted {formatDateTime(item.submittedAt)}</p>
          <div className="flex flex-wrap items-center gap-2">
            <DocumentButton item={item} />
            <ReviewActions item={item} onReject={setRejecting} />
          </div>
        </>
      )}
    >
      <RejectVerificationDialog verification={rejecting} onClose={() => setRejecting(null)} />
    </AdminList>
  );
}

/** Select all pending shown, and approve the selection at once. */
function ApproveSelected({ pendingShown, selected, onSelected }: { pendingShown: Verification[]; selected: ReadonlySet<string>; onSelected: (next: ReadonlySet<string>) => void }) {
  const approveSelected = useApproveVerifications();
  const chosen = pendingShown.filter((item) => selected.has(item.id)).map((item) => item.id);
  if (pendingShown.length === 0) return null;
  return (
    <div className="mb-4 flex flex-wrap items-center gap-3 text-sm">
      <label className="inline-flex cursor-pointer items-center gap-2">
        <input
          type="checkbox"
          className="size-4 accent-brand"
          checked={chosen.length > 0 && chosen.length === Math.min(pendingShown.length, MAX_SELECTED)}
          onChange={(event) => onSelected(new Set(event.target.checked ? pendingShown.slice(0, MAX_SELECTED).map((item) => item.id) : []))}
        />
        Select all pending shown
      </label>
      <Button
        variant="brand"
        size="sm"
        disabled={chosen.length === 0 || approveSelected.isPending}
        onClick={() => approveSelected.mutate(chosen, { onSuccess: () => onSelected(new Set()) })}
      >
        {approveSelected.isPending ? <Spinner size="sm" label="Approving" className="text-current" /> : <CheckIcon />}
        Approve selected ({chosen.length})
      </Button>
    </div>
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
