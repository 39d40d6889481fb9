import type { TimelineActor, TimelineEvent } from '../../../../contract/admin/timeline';
import { typeInWords } from '../../../../contract/admin/timeline';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatDateTime, humanize } from '../format';

/** The stream's events, oldest first, one card each; the one whose state is shown is marked. */
export function TimelineEventList({ events, selected, onSelect }: { events: TimelineEvent[]; selected: number | null; onSelect: (revision: number) => void }) {
  return (
    <ol className="flex flex-col gap-3" aria-label="Events, oldest first">
      {events.map((event) => (
        <TimelineEventCard key={event.revision} event={event} selected={selected === event.revision} onSelect={() => onSelect(event.revision)} />
      ))}
    </ol>
  );
}

function TimelineEventCard({ event, selected, onSelect }: { event: TimelineEvent; selected: boolean; onSelect: () => void }) {
  return (
    <li data-testid="timeline-event" className={cn('rounded-lg border bg-card p-3 text-sm shadow-xs sm:p-4', selected ? 'border-brand ring-1 ring-brand' : 'border-border')}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <Badge variant={selected ? 'brand' : 'neutral'}>{typeInWords(event.type)}</Badge>
          <time dateTime={event.at} title={event.at} className="whitespace-nowrap text-xs text-muted-foreground">
            {formatDateTime(event.at)}
          </time>
        </div>
        <span className="font-mono text-xs text-muted-foreground" title={`Log position ${event.position}`}>
          #{event.revision}
        </span>
      </div>
      <p className="mt-2 break-words">{event.summary}</p>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs">
        <dt className="text-muted-foreground">By</dt>
        <dd className="min-w-0 truncate">
          <Actor actor={event.actor} fromRequest={event.clientAddress !== null} />
        </dd>
        <dt className="text-muted-foreground">From</dt>
        <dd className="min-w-0 truncate font-mono">{event.clientAddress ?? '—'}</dd>
        {event.changes.length > 0 && (
          <>
            <dt className="text-muted-foreground">Changed</dt>
            <dd className="min-w-0">
              <ul className="flex flex-col gap-0.5">
                {event.changes.map((change) => (
                  <li key={change.field} className="break-words">
                    <span className="font-medium">{humanize(change.field)}</span>: {change.before} → {change.after}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
      </dl>
      <div className="mt-3 flex justify-end">
        <Button variant={selected ? 'secondary' : 'outline'} size="sm" aria-pressed={selected} onClick={onSelect}>
          {selected ? 'Showing state at this event' : 'State at this event'}
        </Button>
      </div>
    </li>
  );
}

function Actor({ actor, fromRequest }: { actor: TimelineActor | null; fromRequest: boolean }) {
  // A request without a session: someone registering, signing in or asking for a reset link.
  if (actor === null) return <span className="text-muted-foreground">{fromRequest ? 'Not signed in' : 'Not recorded'}</span>;
  const kind = actor.kind === 'admin' ? 'Administrator' : actor.kind === 'user' ? 'User' : 'System';
  return (
    <span title={actor.id}>
      {actor.kind === 'system' ? humanize(actor.id) : (actor.name ?? actor.id)} <span className="text-muted-foreground">· {kind}</span>
    </span>
  );
}
