import type { BidStatus } from '../../contract/bidding/bidding';
import { Badge, type BadgeVariant } from './ui/badge';
import { CheckIcon } from './ui/shell-icons';

const variants: Record<BidStatus, BadgeVariant> = {
  pending: 'brand',
  processing: 'warning',
  completed: 'success',
  failed: 'muted',
};

/** One badge for a bid's state, the same on every screen: Open, Awaiting the owner’s choice, Selected, Not selected, Refunded. */
export function BidStatusBadge({ status, label }: { status: BidStatus; label: string }) {
  return (
    <Badge variant={variants[status] ?? 'neutral'} data-testid="bid-status" data-status={status}>
      {status === 'completed' && <CheckIcon />}
      {label}
    </Badge>
  );
}
