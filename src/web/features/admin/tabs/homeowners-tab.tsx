import { VerificationsSection } from '../verifications/verifications-section';

export function HomeownersTab() {
  return <VerificationsSection />;
}
