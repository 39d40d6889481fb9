import { EmptyState } from '../../../components/ui/empty-state';
import { GavelIcon } from '../../../components/ui/icons';

// Arrives with a later issue; until then the tab says plainly that there is nothing here.
export function BidsTab() {
  return (
    <EmptyState
      icon={<GavelIcon />}
      title="No bids to show yet"
      description="Bids that realtors place on properties will appear here."
    />
  );
}
