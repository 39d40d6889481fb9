import { useEffect, useState } from 'react';
import type { ActivityEntry } from '../../../../contract/admin/activity';
import { describeChange } from '../../../../contract/admin/activity';
import { cn } from '../../../lib/cn';
import { formatDateTime, formatWhen, humanize } from '../format';
import { Badge } from '../../../components/ui/badge';
import { Table, TableCell, TableHead, TableRow } from '../../../components/ui/data-table';
import { TimelineLink } from './timeline-link';

// Entries that mount this long after the list did arrived live, not with the first load.
const LIVE_AFTER_MS = 200;
const HIGHLIGHT_MS = 2500;

/** Choosing an actor's name narrows the log to what they did. */
type OnActor = (actor: { id: string; name: string }) => void;

export function ActivityList({ entries, onActor }: { entries: ActivityEntry[]; onActor: OnActor }) {
  const [mountedAt] = useState(() => Date.now());
  return (
    <>
      <div className="hidden lg:block">
        <Table className="table-fixed">
          <thead>
            <tr>
              <TableHead className="w-32">When</TableHead>
              <TableHead className="w-48">Who</TableHead>
              <TableHead className="w-52">Action</TableHead>
              <TableHead className="w-56">Target</TableHead>
              <TableHead>Change</TableHead>
              <TableHead className="w-40">From</TableHead>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <ActivityRow key={entry.id} entry={entry} listMountedAt={mountedAt} onActor={onActor} />
            ))}
          </tbody>
        </Table>
      </div>
      <ul className="-mx-4 divide-y divide-border border-t border-border sm:-mx-6 lg:hidden">
        {entries.map((entry) => (
          <ActivityCard key={entry.id} entry={entry} listMountedAt={mountedAt} onActor={onActor} />
        ))}
      </ul>
    </>
  );
}

type EntryProps = { entry: ActivityEntry; listMountedAt: number; onActor: OnActor };

function useArrivedLive(listMountedAt: number): boolean {
  const [live, setLive] = useState(() => Date.now() - listMountedAt > LIVE_AFTER_MS);
  useEffect(() => {
    if (!live) return undefined;
    const timer = setTimeout(() => setLive(false), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [live]);
  return live;
}

function ActivityRow({ entry, listMountedAt, onActor }: EntryProps) {
  const live = useArrivedLive(listMountedAt);
  return (
    <TableRow className={cn('align-top', live && 'bg-brand-soft')} data-testid="activity-entry">
      <TableCell className="align-top">
        <When createdAt={entry.createdAt} />
      </TableCell>
      <TableCell className="align-top">
        <Who entry={entry} onActor={onActor} />
      </TableCell>
      <TableCell className="align-top" title={entry.action}>
        <ActionCode action={entry.action} />
      </TableCell>
      <TableCell className="align-top">
        <Target entry={entry} />
      </TableCell>
      <TableCell className="align-top">
        <Changes entry={entry} />
      </TableCell>
      <TableCell className="align-top">
        <From entry={entry} />
      </TableCell>
    </TableRow>
  );
}

function ActivityCard({ entry, listMountedAt, onActor }: EntryProps) {
  const live = useArrivedLive(listMountedAt);
  return (
    <li className={cn('px-4 py-3 text-sm transition-colors duration-1000 sm:px-6', live && 'bg-brand-soft')} data-testid="activity-entry">
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 break-all">
          <ActionCode action={entry.action} />
        </p>
        <span className="shrink-0 text-xs text-muted-foreground">
          <When createdAt={entry.createdAt} />
        </span>
      </div>
      <div className="mt-2">
        <Who entry={entry} onActor={onActor} />
      </div>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-xs">
        <dt className="text-muted-foreground">Target</dt>
        <dd className="min-w-0">
          <Target entry={entry} />
        </dd>
        {entry.changes.length > 0 && (
          <>
            <dt className="text-muted-foreground">Change</dt>
            <dd className="min-w-0">
              <Changes entry={entry} />
            </dd>
          </>
        )}
        <dt className="text-muted-foreground">From</dt>
        <dd className="min-w-0">
          <From entry={entry} />
        </dd>
      </dl>
    </li>
  );
}

// Actions are dotted codes, resource first ('user.register', 'admin.login'): shown as they are logged, so they can be searched.
function ActionCode({ action }: { action: string }) {
  return <code className="break-all rounded bg-muted px-1.5 py-0.5 font-mono text-xs font-medium">{action}</code>;
}

function When({ createdAt }: { createdAt: string }) {
  return (
    <time dateTime={createdAt} title={formatDateTime(createdAt)} className="whitespace-nowrap">
      {formatWhen(createdAt)}
    </time>
  );
}

function Who({ entry, onActor }: { entry: ActivityEntry; onActor: OnActor }) {
  const { actorId, actorName } = entry;
  return (
    <div className="flex min-w-0 items-center gap-2">
      <Badge variant={entry.actorType === 'admin' ? 'brand' : 'neutral'}>{humanize(entry.actorType)}</Badge>
      {actorId === null ? (
        <span className="truncate">{actorName ?? 'Unknown'}</span>
      ) : (
        <button
          type="button"
          className="min-w-0 truncate text-left underline-offset-2 hover:underline focus-visible:underline focus-visible:outline-none"
          title={`Only what ${actorName ?? 'this actor'} did`}
          onClick={() => onActor({ id: actorId, name: actorName ?? 'Unknown' })}
        >
          {actorName ?? 'Unknown'}
        </button>
      )}
    </div>
  );
}

/** The target by name, its email under it, and what kind of thing it is. */
function Target({ entry }: { entry: ActivityEntry }) {
  const name = entry.targetName ?? entry.targetEmail;
  return (
    <div className="min-w-0">
      <div className="flex min-w-0 items-baseline gap-1.5">
        <span className="truncate font-medium" title={name ?? undefined}>
          {name ?? '—'}
        </span>
        <span className="shrink-0 text-xs text-muted-foreground">{humanize(entry.resourceType)}</span>
      </div>
      {entry.targetEmail !== null && entry.targetEmail !== name && (
        <div className="truncate text-xs text-muted-foreground" title={entry.targetEmail}>
          {entry.targetEmail}
        </div>
      )}
      <TimelineLink entry={entry} />
    </div>
  );
}

function Changes({ entry }: { entry: ActivityEntry }) {
  if (entry.changes.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <ul className="flex flex-col gap-0.5 text-xs">
      {entry.changes.map((change) => (
        <li key={change.field} className="break-words">
          {describeChange(change)}
        </li>
      ))}
    </ul>
  );
}

function From({ entry }: { entry: ActivityEntry }) {
  return (
    <div className="min-w-0 text-xs">
      <div className="truncate font-mono">{entry.ipAddress ?? '—'}</div>
      {entry.userAgent !== null && (
        <div className="truncate text-muted-foreground" title={entry.userAgent}>
          {entry.userAgent}
        </div>
      )}
    </div>
  );
}
