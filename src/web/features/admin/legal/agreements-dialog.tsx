import { useId, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Badge } from '../../../components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { UsersIcon } from '../../../components/ui/icons';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { formatDateTime } from '../format';
import { listItems } from '../paged-list';
import { PagedListFooter } from '../paged-list-footer';
import { documentTypeLabels } from './document-types';
import { useLastPresent } from '../use-last-present';
import { agreementsQuery } from './queries';
import type { AdminLegalDocument, Agreement } from './types';

const NOUN = { one: 'agreement', many: 'agreements' };

/** Who accepted which version: every version of the document's type, or this version only. */
export function AgreementsDialog({ target, onClose }: { target: AdminLegalDocument | null; onClose: () => void }) {
  const shown = useLastPresent(target);
  const [thisVersionOnly, setThisVersionOnly] = useState(false);
  const checkboxId = useId();
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-3xl">
        {shown !== null && (
          <>
            <DialogHeader>
              <DialogTitle>Agreements</DialogTitle>
              <DialogDescription>
                Who accepted which version of the {documentTypeLabels[shown.type]}, newest first. Each version's text is the one they accepted.
              </DialogDescription>
            </DialogHeader>
            <label htmlFor={checkboxId} className="flex items-center gap-2 text-sm">
              <input
                id={checkboxId}
                type="checkbox"
                className="size-4 accent-brand"
                checked={thisVersionOnly}
                onChange={(event) => setThisVersionOnly(event.target.checked)}
              />
              Only version {shown.version}
            </label>
            <AgreementList document={shown} thisVersionOnly={thisVersionOnly} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function AgreementList({ document, thisVersionOnly }: { document: AdminLegalDocument; thisVersionOnly: boolean }) {
  const agreements = useInfiniteQuery(agreementsQuery({ type: document.type, ...(thisVersionOnly ? { documentId: document.id } : {}) }));
  if (agreements.isError)
    return <ErrorState title="Failed to load the agreements" error={agreements.error} onRetry={() => void agreements.refetch()} />;
  if (agreements.data === undefined) return <SkeletonRows rows={3} label="Loading agreements" />;
  const list = listItems(agreements.data);
  if (list.length === 0) {
    return (
      <EmptyState
        className="py-10"
        icon={<UsersIcon />}
        title="No agreements yet"
        description={thisVersionOnly ? 'Nobody has accepted this version yet.' : 'Nobody has accepted a version of this document yet.'}
      />
    );
  }
  return (
    <div className="flex max-h-[60vh] flex-col gap-3 overflow-y-auto">
      <div className="hidden overflow-x-auto rounded-lg border border-border sm:block">
        <table className="w-full text-sm">
          <thead className="bg-muted/50 text-left text-xs uppercase tracking-wide text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Name
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Email
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Role
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Version
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Agreed
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                IP address
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((agreement) => (
              <tr key={`${agreement.userId}:${agreement.documentId}`} className="border-t border-border">
                <td className="px-3 py-2 font-medium">{agreement.name ?? 'Deleted user'}</td>
                <td className="max-w-56 truncate px-3 py-2" title={agreement.email ?? undefined}>
                  {agreement.email ?? '—'}
                </td>
                <td className="px-3 py-2">
                  <RoleBadge role={agreement.role} />
                </td>
                <td className="whitespace-nowrap px-3 py-2 tabular-nums">
                  <VersionLabel agreement={agreement} current={document.id} />
                </td>
                <td className="whitespace-nowrap px-3 py-2">
                  <time dateTime={agreement.agreedAt}>{formatDateTime(agreement.agreedAt)}</time>
                </td>
                <td className="px-3 py-2 font-mono text-xs">{agreement.ipAddress ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="divide-y divide-border rounded-lg border border-border sm:hidden">
        {list.map((agreement) => (
          <li key={`${agreement.userId}:${agreement.documentId}`} className="flex flex-col gap-1 px-3 py-3 text-sm">
            <div className="flex items-center justify-between gap-2">
              <span className="truncate font-medium">{agreement.name ?? 'Deleted user'}</span>
              <RoleBadge role={agreement.role} />
            </div>
            <span className="truncate text-muted-foreground">{agreement.email ?? '—'}</span>
            <span className="text-xs">
              <VersionLabel agreement={agreement} current={document.id} />
            </span>
            <span className="text-xs text-muted-foreground">
              <time dateTime={agreement.agreedAt}>{formatDateTime(agreement.agreedAt)}</time> ·{' '}
              <span className="font-mono">{agreement.ipAddress ?? '—'}</span>
            </span>
          </li>
        ))}
      </ul>
      <PagedListFooter query={agreements} noun={NOUN} />
    </div>
  );
}

/** "Version 2.0", marked when it is the version the dialog was opened from. */
function VersionLabel({ agreement, current }: { agreement: Agreement; current: number }) {
  return (
    <span title={agreement.title ?? undefined}>
      Version {agreement.version ?? '?'}
      {agreement.documentId === current && <span className="text-muted-foreground"> (this one)</span>}
    </span>
  );
}

function RoleBadge({ role }: { role: Agreement['role'] }) {
  if (role === null) return <Badge variant="muted">Unknown</Badge>;
  return <Badge variant={role === 'realtor' ? 'brand' : 'neutral'}>{role === 'realtor' ? 'Realtor' : 'Homeowner'}</Badge>;
}
