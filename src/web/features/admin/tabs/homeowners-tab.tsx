import { EmptyState } from '../../../components/ui/empty-state';
import { HomeCheckIcon } from '../../../components/ui/icons';

// Arrives with a later issue; until then the tab says plainly that there is nothing here.
export function HomeownersTab() {
  return (
    <EmptyState
      icon={<HomeCheckIcon />}
      title="No verifications to review yet"
      description="Utility bills that homeowners submit for ownership verification will appear here for approval or rejection."
    />
  );
}
