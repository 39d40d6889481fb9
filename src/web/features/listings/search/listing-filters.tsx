import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { ListingSearch, ListingSort, ListingState } from '../../../../contract/listings/listing-search';
import { PROPERTY_TYPES, type PropertyType } from '../../../../contract/listings/listings';
import { SERVICE_AREAS, type ServiceArea } from '../../../../contract/service-areas';
import { Button } from '../../../components/ui/button';
import { SearchIcon } from '../../../components/ui/icons';
import { XIcon } from '../../../components/ui/shell-icons';
import { Input } from '../../../components/ui/input';
import { propertyTypeLabels } from '../format';
import { isFiltered, MAX_SEARCH_LENGTH } from './search-params';

/** How long typing pauses before the search runs (and the address changes). */
export const SEARCH_DEBOUNCE_MS = 300;

const STATE_LABELS: Record<ListingState, string> = { open: 'Open', closing: 'Closing within 24 h', closed: 'Closed' };
const SORT_LABELS: Record<ListingSort, string> = { newest: 'Newest', ending: 'Ending soon', fewest_bids: 'Fewest bids' };
const ROOM_MINIMUMS = [1, 2, 3, 4, 5];

const CONTROL =
  'h-9 w-full cursor-pointer rounded-md border border-input bg-background px-2 text-sm text-foreground shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/**
 * /home's filter bar: location (or title, or address) text, type, least
 * bedrooms and bathrooms, bidding state and order. Every change goes to
 * `onChange` whole; the text waits for typing to pause.
 */
export function ListingFilters({ search, onChange }: { search: ListingSearch; onChange: (next: ListingSearch) => void }) {
  const [text, setText] = useState(search.search ?? '');
  const searchId = useId();

  // The address changed under the box (back, forward, reset): show what it holds, unless that is what is typed
  // (a space typed before the pause stays).
  useEffect(() => setText((typed) => (typed.trim() === (search.search ?? '') ? typed : (search.search ?? ''))), [search.search]);

  // Read when the pause ends, so a re-render meanwhile does not restart the wait.
  const latest = useRef({ search, onChange });
  useEffect(() => {
    latest.current = { search, onChange };
  });
  useEffect(() => {
    const wanted = text.trim() === '' ? undefined : text.trim();
    if (wanted === search.search) return;
    const timer = setTimeout(() => latest.current.onChange({ ...latest.current.search, search: wanted }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, search.search]);

  const set = (next: Partial<ListingSearch>) => onChange({ ...search, search: text.trim() === '' ? undefined : text.trim(), ...next });

  return (
    <div role="search" aria-label="Find listings" className="grid gap-3 rounded-xl border border-border bg-card p-3 shadow-xs sm:p-4">
      <div className="relative">
        <label htmlFor={searchId} className="sr-only">
          Search listings
        </label>
        <SearchIcon className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input
          id={searchId}
          type="search"
          value={text}
          maxLength={MAX_SEARCH_LENGTH}
          placeholder="Search by location, title or address"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') set({});
          }}
          className="pl-9"
        />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-[repeat(6,minmax(0,1fr))_auto] lg:items-end">
        <Choice label="Area" value={search.area ?? ''} onChange={(value) => set({ area: (value || undefined) as ServiceArea | undefined })}>
          <option value="">Any area</option>
          {SERVICE_AREAS.map((area) => (
            <option key={area} value={area}>
              {area}
            </option>
          ))}
        </Choice>
        <Choice label="Property type" value={search.propertyType ?? ''} onChange={(value) => set({ propertyType: (value || undefined) as PropertyType | undefined })}>
          <option value="">Any type</option>
          {PROPERTY_TYPES.map((type) => (
            <option key={type} value={type}>
              {propertyTypeLabels[type]}
            </option>
          ))}
        </Choice>
        <Choice label="Bedrooms" value={String(search.minBedrooms ?? '')} onChange={(value) => set({ minBedrooms: value === '' ? undefined : Number(value) })}>
          <option value="">Any</option>
          {ROOM_MINIMUMS.map((n) => (
            <option key={n} value={n}>
              {n}+
            </option>
          ))}
        </Choice>
        <Choice label="Bathrooms" value={String(search.minBathrooms ?? '')} onChange={(value) => set({ minBathrooms: value === '' ? undefined : Number(value) })}>
          <option value="">Any</option>
          {ROOM_MINIMUMS.slice(0, 4).map((n) => (
            <option key={n} value={n}>
              {n}+
            </option>
          ))}
        </Choice>
        <Choice label="Bidding" value={search.state ?? ''} onChange={(value) => set({ state: (value || undefined) as ListingState | undefined })}>
          <option value="">Any state</option>
          {Object.entries(STATE_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Choice>
        <Choice label="Sort by" value={search.sort ?? 'newest'} onChange={(value) => set({ sort: value as ListingSort })}>
          {Object.entries(SORT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Choice>
        <Button
          variant="ghost"
          className="self-end"
          disabled={!isFiltered(search) && search.sort === undefined && text.trim() === ''}
          onClick={() => {
            setText('');
            onChange({});
          }}
        >
          <XIcon />
          Reset
        </Button>
      </div>
    </div>
  );
}

function Choice({ label, value, onChange, children }: { label: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  const id = useId();
  // Named by the label alone (a wrapping label would add the chosen option to the name).
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={CONTROL}>
        {children}
      </select>
    </div>
  );
}
