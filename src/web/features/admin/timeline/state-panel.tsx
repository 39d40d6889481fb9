import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import type { TimelineKind, TimelineState } from '../../../../contract/admin/timeline';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { SectionCard } from '../../../components/ui/section-card';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { formatDateTime } from '../format';
import type { TimelineSearch } from './queries';
import { momentOf, timelineStateQuery } from './queries';
import { StateView } from './state-view';

type Props = {
  kind: TimelineKind;
  id: string;
  search: TimelineSearch;
  onSearch: (search: TimelineSearch) => void;
};

/** The state folded up to the chosen moment, with the date-time to choose it by. */
export function StatePanel({ kind, id, search, onSearch }: Props) {
  const state = useQuery({
    ...timelineStateQuery(kind, id, momentOf(search)),
    placeholderData: keepPreviousData,
  });
  return (
    <SectionCard title="State" description={state.data ? describeMoment(state.data) : 'Folded from the log'}>
      <div className="flex flex-col gap-4">
        <MomentForm
          at={search.at ?? (search.revision !== undefined ? state.data?.at : undefined) ?? null}
          onSearch={onSearch}
          showingNow={search.at === undefined && search.revision === undefined}
        />
        <div aria-live="polite" aria-busy={state.isFetching} data-testid="timeline-state">
          {state.isError && state.data === undefined ? (
            <ErrorState title="Failed to load the state" error={state.error} onRetry={() => void state.refetch()} />
          ) : state.data === undefined ? (
            <SkeletonRows rows={6} label="Loading the state" />
          ) : state.data.revision < 0 ? (
            <p className="rounded-md border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
              Nothing yet: the first event came after this moment.
            </p>
          ) : (
            <div className={state.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
              <StateView state={state.data.state} />
            </div>
          )}
          {state.isError && state.data !== undefined && (
            <p role="alert" className="mt-2 text-sm text-destructive">
              Failed to load that moment. Showing the last state loaded.
            </p>
          )}
        </div>
      </div>
    </SectionCard>
  );
}

function describeMoment(state: TimelineState): string {
  const after = state.revision < 0 ? 'before the first event' : `after event #${state.revision}`;
  return state.at === null ? `Now, ${after}` : `As of ${formatDateTime(state.at)}, ${after}`;
}

/** 'YYYY-MM-DDTHH:mm:ss' in the browser's time zone, as a datetime-local input holds it. */
function toLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

function MomentForm({ at, showingNow, onSearch }: { at: string | null; showingNow: boolean; onSearch: (search: TimelineSearch) => void }) {
  const [value, setValue] = useState(() => (at === null ? '' : toLocalInput(at)));
  const [error, setError] = useState<string | null>(null);
  // A moment chosen elsewhere (an event's button, back and forward) shows in the field.
  useEffect(() => setValue(at === null ? '' : toLocalInput(at)), [at]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const time = new Date(value).getTime();
    if (value === '' || Number.isNaN(time)) {
      setError('Choose a date and time');
      return;
    }
    setError(null);
    onSearch({ at: new Date(time).toISOString() });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2" noValidate>
      <Label htmlFor="timeline-at">Show state at</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id="timeline-at"
          type="datetime-local"
          step={1}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={error !== null}
          aria-describedby={error !== null ? 'timeline-at-error' : undefined}
          className="w-full min-w-0 bg-background sm:w-auto sm:flex-1"
        />
        <Button type="submit" variant="brand">
          Show
        </Button>
        <Button type="button" variant="outline" disabled={showingNow} onClick={() => onSearch({})}>
          Now
        </Button>
      </div>
      {error !== null && (
        <p id="timeline-at-error" role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}
