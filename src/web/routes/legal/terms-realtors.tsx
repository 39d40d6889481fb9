import { createFileRoute } from '@tanstack/react-router';
import { legalPageHead } from '../../features/legal/head';
import { LegalDocumentPage } from '../../features/legal/legal-document-page';
import { legalDocumentQuery } from '../../features/legal/queries';

export const Route = createFileRoute('/legal/terms-realtors')({
  loader: ({ context }) => context.queryClient.ensureQueryData(legalDocumentQuery('tos_realtor')),
  head: ({ loaderData }) => legalPageHead('tos_realtor', loaderData),
  component: () => <LegalDocumentPage type="tos_realtor" />,
});
