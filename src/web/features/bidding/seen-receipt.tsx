import { CheckIcon } from '../../components/ui/shell-icons';
import { formatLongDateTime } from '../../lib/format';

/**
 * Whether the homeowner has opened the bid (docs/decisions/0059), with the
 * time; pushed live (`bid:seen`). A credit given back while the bid still
 * stands says why, as the credit statement does.
 */
export function SeenReceipt({ seenAt, creditReturned }: { seenAt: string | null; creditReturned?: { at: string; reason: string } | null }) {
  return (
    <div className="grid gap-1 text-sm" data-testid="seen-receipt">
      {seenAt === null ? (
        <p className="text-muted-foreground">Not opened by the homeowner yet</p>
      ) : (
        <p className="flex items-center gap-1.5 font-medium">
          <CheckIcon className="size-4 shrink-0 text-brand" aria-hidden="true" />
          <span>
            Seen by the homeowner on <time dateTime={seenAt}>{formatLongDateTime(seenAt)}</time>
          </span>
        </p>
      )}
      {creditReturned && (
        <p className="text-muted-foreground" data-testid="credit-returned">
          Credit refunded: {creditReturned.reason}. Your bid still stands.
        </p>
      )}
    </div>
  );
}
