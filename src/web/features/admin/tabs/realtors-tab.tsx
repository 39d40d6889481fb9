import { EmptyState } from '../../../components/ui/empty-state';
import { BriefcaseIcon } from '../../../components/ui/icons';

// Arrives with a later issue; until then the tab says plainly that there is nothing here.
export function RealtorsTab() {
  return (
    <EmptyState
      icon={<BriefcaseIcon />}
      title="No realtor profiles to review yet"
      description="Realtor profiles, with brokerage, license number and service areas, will appear here."
    />
  );
}
