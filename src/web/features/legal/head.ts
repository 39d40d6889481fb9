import type { LegalDocumentType } from '../../../contract/legal/legal';
import { legalPages } from './legal-pages';
import type { PublicLegalDocument } from '../../../contract/legal/legal';

/** The route's <title> and description: the document's own title once published. */
export function legalPageHead(type: LegalDocumentType, document: PublicLegalDocument | null | undefined) {
  const page = legalPages[type];
  const title = document ? `${document.title} (version ${document.version}) · BidHome` : `${page.heading} · BidHome`;
  return { meta: [{ title }, { name: 'description', content: page.description }] };
}
