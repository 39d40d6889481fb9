import { EmptyState } from '../../../components/ui/empty-state';
import { CreditCardIcon } from '../../../components/ui/icons';

// Arrives with a later issue; until then the tab says plainly that there is nothing here.
export function PaymentsTab() {
  return (
    <EmptyState
      icon={<CreditCardIcon />}
      title="No payments to show yet"
      description="Credit purchases, with amounts and their status, will appear here."
    />
  );
}
