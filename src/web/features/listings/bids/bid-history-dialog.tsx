import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { ClockIcon } from '../../../components/ui/icons';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import { bidHistoryQueryOptions } from '../queries';
import type { BidRevision, PropertyBid } from '../types';

/** "Edited 1 time", "Edited 2 times": what a bid row says once its realtor changed the message. */
export function editedLabel(count: number): string {
  return `Edited ${count} ${count === 1 ? 'time' : 'times'}`;
}

/**
 * 'Edited 2 times' on an edited bid, and a button that opens every version of
 * its message, oldest first, with when it was written (issue 17). Messages
 * and times only: the bidder's name and contact follow their own rule, in the
 * list, never here. The history is fetched while the dialog is open.
 */
export function BidHistory({ bid }: { bid: PropertyBid }) {
  const [open, setOpen] = useState(false);
  const history = useQuery(bidHistoryQueryOptions(bid, open));
  return (
    <div className="flex flex-wrap items-center gap-x-2 text-xs text-neutral-600" data-testid="bid-edited">
      <span className="flex items-center gap-1">
        <ClockIcon className="size-3.5 shrink-0" />
        {editedLabel(bid.editCount)}
      </span>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button variant="link" size="sm" className="h-auto p-0 text-xs font-medium text-brand-hover underline">
            View history
          </Button>
        </DialogTrigger>
        <DialogContent className="max-w-xl">
          <DialogHeader>
            <DialogTitle>Message history</DialogTitle>
            <DialogDescription>{editedLabel(bid.editCount)}. Every version of this bid’s message, oldest first.</DialogDescription>
          </DialogHeader>
          {history.data !== undefined ? (
            history.data.length === 0 ? (
              <p className="rounded-lg border border-dashed border-border px-4 py-6 text-center text-sm text-neutral-600">
                The history of this bid is not available yet. Try again in a moment.
              </p>
            ) : (
              <RevisionList revisions={history.data} />
            )
          ) : history.isError ? (
            <ErrorState title="Failed to load the history" error={history.error} onRetry={() => void history.refetch()} />
          ) : (
            <SkeletonRows rows={Math.min(bid.editCount + 1, 4)} label="Loading the history" />
          )}
        </DialogContent>
      </Dialog>
    </div>
  );
}

function RevisionList({ revisions }: { revisions: BidRevision[] }) {
  return (
    <ol className="grid gap-3" aria-label="Revisions">
      {revisions.map((revision, index) => {
        const current = index === revisions.length - 1;
        // A bid is placed once, first; each edit after it is numbered.
        const label = revision.kind === 'placed' ? 'Original message' : `Edit ${index}`;
        return (
          <li
            key={`${revision.at}-${index}`}
            className={cn('grid gap-1.5 rounded-lg border p-3', current ? 'border-brand/40 bg-brand-soft/40' : 'border-border')}
            data-testid="bid-revision"
          >
            <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
              <span className="flex items-center gap-2 text-sm font-medium">
                {label}
                {current && <Badge variant="brand" className="!text-brand-hover">Current</Badge>}
              </span>
              <time dateTime={revision.at} className="text-xs text-neutral-600">
                {formatDateTime(revision.at)}
              </time>
            </div>
            {revision.message === '' ? (
              <p className="text-sm italic text-neutral-600">No message</p>
            ) : (
              <p className="whitespace-pre-line break-words text-sm text-neutral-800">{revision.message}</p>
            )}
          </li>
        );
      })}
    </ol>
  );
}
