import { LegalDocumentsSection } from '../legal/legal-documents-section';

export function LegalDocumentsTab() {
  return <LegalDocumentsSection />;
}
