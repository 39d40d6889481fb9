import { createFileRoute } from '@tanstack/react-router';
import { legalPageHead } from '../../features/legal/head';
import { LegalDocumentPage } from '../../features/legal/legal-document-page';
import { legalDocumentQuery } from '../../features/legal/queries';

export const Route = createFileRoute('/legal/privacy')({
  loader: ({ context }) => context.queryClient.ensureQueryData(legalDocumentQuery('privacy_policy')),
  head: ({ loaderData }) => legalPageHead('privacy_policy', loaderData),
  component: () => <LegalDocumentPage type="privacy_policy" />,
});
