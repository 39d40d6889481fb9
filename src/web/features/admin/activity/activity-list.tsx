import { useEffect, useState } from 'react';
import { cn } from '../../../lib/cn';
import { formatDateTime, formatWhen, humanize } from '../format';
import type { ActivityEntry } from '../types';
import { Badge } from '../../../components/ui/badge';
import { Table, TableCell, TableHead, TableRow } from '../../../components/ui/data-table';

// Entries that mount this long after the list did arrived live, not with the first load.
const LIVE_AFTER_MS = 200;
const HIGHLIGHT_MS = 2500;

export function ActivityList({ entries }: { entries: ActivityEntry[] }) {
  const [mountedAt] = useState(() => Date.now());
  return (
    <>
      <div className="hidden lg:block">
        <Table className="table-fixed">
          <thead>
            <tr>
              <TableHead className="w-36">When</TableHead>
              <TableHead className="w-60">Who</TableHead>
              <TableHead className="w-44">Action</TableHead>
              <TableHead className="w-40">Resource</TableHead>
              <TableHead className="w-32">IP</TableHead>
              <TableHead>User agent</TableHead>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <ActivityRow key={entry.id} entry={entry} listMountedAt={mountedAt} />
            ))}
          </tbody>
        </Table>
      </div>
      <ul className="-mx-4 -mt-4 divide-y divide-border sm:-mx-6 sm:-mt-6 lg:hidden">
        {entries.map((entry) => (
          <ActivityCard key={entry.id} entry={entry} listMountedAt={mountedAt} />
        ))}
      </ul>
    </>
  );
}

type EntryProps = { entry: ActivityEntry; listMountedAt: number };

function useArrivedLive(listMountedAt: number): boolean {
  const [live, setLive] = useState(() => Date.now() - listMountedAt > LIVE_AFTER_MS);
  useEffect(() => {
    if (!live) return undefined;
    const timer = setTimeout(() => setLive(false), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [live]);
  return live;
}

function ActivityRow({ entry, listMountedAt }: EntryProps) {
  const live = useArrivedLive(listMountedAt);
  return (
    <TableRow className={cn(live && 'bg-brand-soft')} data-testid="activity-entry">
      <TableCell>
        <When createdAt={entry.createdAt} />
      </TableCell>
      <TableCell>
        <Who entry={entry} />
      </TableCell>
      <TableCell className="truncate" title={entry.action}>
        <ActionCode action={entry.action} />
      </TableCell>
      <TableCell className="truncate" title={describeResource(entry)}>
        <Resource entry={entry} />
      </TableCell>
      <TableCell className="truncate font-mono text-xs" title={entry.ipAddress ?? undefined}>
        {entry.ipAddress ?? '—'}
      </TableCell>
      <TableCell className="truncate text-xs text-muted-foreground" title={entry.userAgent ?? undefined}>
        {entry.userAgent ?? '—'}
      </TableCell>
    </TableRow>
  );
}

function ActivityCard({ entry, listMountedAt }: EntryProps) {
  const live = useArrivedLive(listMountedAt);
  return (
    <li
      className={cn('px-4 py-3 text-sm transition-colors duration-1000 sm:px-6', live && 'bg-brand-soft')}
      data-testid="activity-entry"
    >
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 truncate">
          <ActionCode action={entry.action} />
        </p>
        <span className="shrink-0 text-xs text-muted-foreground">
          <When createdAt={entry.createdAt} />
        </span>
      </div>
      <div className="mt-2">
        <Who entry={entry} />
      </div>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs">
        <dt className="text-muted-foreground">Resource</dt>
        <dd className="truncate" title={describeResource(entry)}>
          <Resource entry={entry} />
        </dd>
        <dt className="text-muted-foreground">IP</dt>
        <dd className="truncate font-mono">{entry.ipAddress ?? '—'}</dd>
        <dt className="text-muted-foreground">User agent</dt>
        <dd className="truncate text-muted-foreground" title={entry.userAgent ?? undefined}>
          {entry.userAgent ?? '—'}
        </dd>
      </dl>
    </li>
  );
}

// Actions are dotted codes, resource first ('user.register', 'admin.login'): shown as they are logged, so they can be searched.
function ActionCode({ action }: { action: string }) {
  return <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs font-medium">{action}</code>;
}

function When({ createdAt }: { createdAt: string }) {
  return (
    <time dateTime={createdAt} title={formatDateTime(createdAt)} className="whitespace-nowrap">
      {formatWhen(createdAt)}
    </time>
  );
}

function Who({ entry }: { entry: ActivityEntry }) {
  return (
    <div className="flex min-w-0 items-center gap-2">
      <Badge variant={entry.actorType === 'admin' ? 'brand' : 'neutral'}>{humanize(entry.actorType)}</Badge>
      <span className="truncate" title={entry.actorName ?? undefined}>
        {entry.actorName ?? 'Unknown'}
      </span>
    </div>
  );
}

function Resource({ entry }: { entry: ActivityEntry }) {
  return (
    <>
      {humanize(entry.resourceType)}
      {entry.resourceId !== null && <span className="ml-1 font-mono text-xs text-muted-foreground">{shortId(entry.resourceId)}</span>}
    </>
  );
}

function describeResource(entry: ActivityEntry): string {
  return entry.resourceId === null ? entry.resourceType : `${entry.resourceType} ${entry.resourceId}`;
}

// Ids are long; the first characters tell entries apart, the title has the whole id.
function shortId(id: string): string {
  return id.length > 10 ? `${id.slice(0, 8)}…` : id;
}
