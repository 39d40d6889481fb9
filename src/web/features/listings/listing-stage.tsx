import { Badge } from '../../components/ui/badge';
import { CheckIcon } from '../../components/ui/shell-icons';
import type { Property } from './types';
import { useBiddingOpen } from '../../lib/use-bidding-open';

/**
 * Where a listing stands once its bidding window is over: 'Realtor chosen'
 * after the owner's selection, else 'Bidding closed'; nothing while bidding is
 * open, so a finished listing never looks live.
 */
export function ListingStageBadge({ property, className }: { property: Pick<Property, 'biddingEndsAt' | 'realtorChosen'>; className?: string }) {
  const open = useBiddingOpen(property.biddingEndsAt);
  if (property.realtorChosen) {
    return (
      <Badge variant="success" className={className} data-testid="listing-stage">
        <CheckIcon />
        Realtor chosen
      </Badge>
    );
  }
  if (open) return null;
  return (
    <Badge variant="muted" className={className} data-testid="listing-stage">
      Bidding closed
    </Badge>
  );
}
