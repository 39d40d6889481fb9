import { SECRET_MASK } from '../../../../contract/admin/timeline';
import { formatDateTime, humanize } from '../format';

/*
 * A folded state as a definition list: field names in words, dates read as
 * dates, nested records as nested lists, large ones folded away.
 */

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** Records with more fields than this start folded (an account's bids by id). */
const FOLD_OVER = 6;

export function StateView({ state }: { state: Record<string, unknown> }) {
  return <Fields record={state} depth={0} />;
}

/** Field names in words; keys that are ids (an account's bids by bid id) as they are. */
function label(key: string): string {
  return /^[a-z][a-zA-Z]*$/.test(key) ? humanize(key) : key;
}

function Fields({ record, depth }: { record: Record<string, unknown>; depth: number }) {
  const entries = Object.entries(record);
  if (entries.length === 0) return <span className="text-muted-foreground">None</span>;
  // The top level is two columns; nested records stack name over value, so a long id never squeezes its value.
  if (depth === 0) {
    return (
      <dl className="grid grid-cols-[minmax(6.5rem,auto)_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        {entries.map(([key, value]) => (
          <div key={key} className="contents">
            <dt className="font-medium text-muted-foreground">{label(key)}</dt>
            <dd className="min-w-0 break-words">
              <Value value={value} depth={depth} />
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  return (
    <dl className="flex flex-col gap-1.5 text-xs">
      {entries.map(([key, value]) => (
        <div key={key} className="min-w-0">
          <dt className="break-all font-medium text-muted-foreground">{label(key)}</dt>
          <dd className="min-w-0 break-words">
            <Value value={value} depth={depth} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Value({ value, depth }: { value: unknown; depth: number }) {
  if (value === null || value === undefined) return <span className="text-muted-foreground">—</span>;
  if (value === SECRET_MASK) return <span className="italic text-muted-foreground">Hidden</span>;
  if (typeof value === 'boolean') return <>{value ? 'Yes' : 'No'}</>;
  if (typeof value === 'number') return <>{value}</>;
  if (typeof value === 'string') {
    if (ISO_TIME.test(value))
      return (
        <time dateTime={value} title={value}>
          {formatDateTime(value)}
        </time>
      );
    return <>{value === '' ? <span className="text-muted-foreground">(empty)</span> : value}</>;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="text-muted-foreground">None</span>;
    if (value.every((item) => item === null || typeof item !== 'object')) return <>{value.map(String).join(', ')}</>;
    return <Nested record={Object.fromEntries(value.map((item, i) => [String(i + 1), item]))} depth={depth} />;
  }
  if (typeof value === 'object') return <Nested record={value as Record<string, unknown>} depth={depth} />;
  return <>{String(value)}</>;
}

function Nested({ record, depth }: { record: Record<string, unknown>; depth: number }) {
  const size = Object.keys(record).length;
  if (size === 0) return <span className="text-muted-foreground">None</span>;
  const fields = (
    <div className="mt-1 rounded-md border border-border bg-muted/40 p-2">
      <Fields record={record} depth={depth + 1} />
    </div>
  );
  if (size <= FOLD_OVER && depth < 2) return fields;
  return (
    <details>
      <summary className="cursor-pointer text-sm text-muted-foreground hover:text-foreground">
        {size} {size === 1 ? 'entry' : 'entries'}
      </summary>
      {fields}
    </details>
  );
}
