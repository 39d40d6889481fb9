import { Link } from '@tanstack/react-router';
import type { TimelineKind } from '../../../../contract/admin/timeline';
import { ClockIcon } from '../../../components/ui/icons';

/** A link to a listing's or account's timeline (docs/decisions/0041), optionally at a moment; `name` labels it for screen readers. */
export function TimelineLinkTo({ kind, id, at, name, text = 'Timeline' }: { kind: TimelineKind; id: string; at?: string; name: string | null; text?: string }) {
  return (
    <Link
      to="/admin/timeline/$kind/$id"
      params={{ kind, id }}
      search={at === undefined ? {} : { at }}
      className="inline-flex w-fit items-center gap-1 text-xs font-medium text-brand-hover underline-offset-2 hover:underline"
      aria-label={`Timeline of ${name ?? `this ${kind}`}`}
    >
      <ClockIcon className="size-3" aria-hidden="true" />
      {text}
    </Link>
  );
}
