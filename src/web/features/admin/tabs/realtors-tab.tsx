import { RealtorsSection } from '../realtors/realtors-section';

export function RealtorsTab() {
  return <RealtorsSection />;
}
