import { EmptyState } from '../../../components/ui/empty-state';
import { BuildingIcon } from '../../../components/ui/icons';

// Arrives with a later issue; until then the tab says plainly that there is nothing here.
export function PropertiesTab() {
  return (
    <EmptyState
      icon={<BuildingIcon />}
      title="No properties to manage yet"
      description="Listed properties will appear here, where they can be activated or deactivated."
    />
  );
}
