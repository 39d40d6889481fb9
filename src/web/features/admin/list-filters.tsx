import type { ReactNode } from 'react';

const CONTROL = 'h-8 rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** A row of filters above an admin list; wraps on phones. */
export function ListFilters({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={label} className="mb-4 flex flex-wrap items-end gap-3">
      {children}
    </div>
  );
}

/** One choice among a list's values; '' is "any". */
export function FilterSelect<V extends string>({
  label,
  value,
  options,
  anyLabel,
  onChange,
}: {
  label: string;
  value: V | undefined;
  options: ReadonlyArray<{ value: V; label: string }>;
  /** Omitted for a choice that always has a value, such as the order. */
  anyLabel?: string;
  onChange: (value: V | undefined) => void;
}) {
  return (
    <label className="flex flex-col gap-1 text-xs font-medium text-muted-foreground">
      {label}
      <select
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value === '' ? undefined : (event.target.value as V))}
        className={`${CONTROL} cursor-pointer text-foreground`}
      >
        {anyLabel !== undefined && <option value="">{anyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A day (YYYY-MM-DD) bounding a date range. */
export function FilterDay({ label, value, onChange }: { label: string; value: string | undefined; onChange: (value: string | undefined) => void }) {
  return (
    <label className="flex flex-col gap-1 text-xs font-medium text-muted-foreground">
      {label}
      <input type="date" value={value ?? ''} onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)} className={`${CONTROL} text-foreground`} />
    </label>
  );
}

/** A list's filters as the tab keeps them (one search param each); undefined is "any". */
export type FilterValues = Record<string, string | undefined>;

/**
 * One declared filter control: a choice among `options` (with `anyLabel`, or
 * `fallback` for a choice that always has a value such as the order, which is
 * left out of the filters while it is the fallback), or a day.
 */
export type FilterControl<F extends FilterValues> =
  | {
      key: keyof F & string;
      label: string;
      options: ReadonlyArray<{ value: string; label: string }>;
      anyLabel?: string;
      fallback?: string;
      /** Filters that go back to their default when this one changes. */
      resets?: ReadonlyArray<keyof F & string>;
    }
  | { key: keyof F & string; label: string; day: true };

/** The filter row built from declared controls. */
export function DeclaredFilters<F extends FilterValues>({
  label,
  controls,
  value,
  onChange,
}: {
  label: string;
  controls: ReadonlyArray<FilterControl<F>>;
  value: F;
  onChange: (next: F) => void;
}) {
  const set = (key: string, next: string | undefined, resets: ReadonlyArray<string> = []) =>
    onChange({ ...value, ...Object.fromEntries(resets.map((name) => [name, undefined])), [key]: next });
  return (
    <ListFilters label={label}>
      {controls.map((control) =>
        'day' in control ? (
          <FilterDay key={control.key} label={control.label} value={value[control.key]} onChange={(day) => set(control.key, day)} />
        ) : (
          <FilterSelect
            key={control.key}
            label={control.label}
            value={value[control.key] ?? control.fallback}
            options={control.options}
            anyLabel={control.anyLabel}
            onChange={(choice) => set(control.key, choice === control.fallback ? undefined : choice, control.resets)}
          />
        ),
      )}
    </ListFilters>
  );
}
