import { createFileRoute } from '@tanstack/react-router';
import { legalPageHead } from '../../features/legal/head';
import { LegalDocumentPage } from '../../features/legal/legal-document-page';
import { legalDocumentQuery } from '../../features/legal/queries';

export const Route = createFileRoute('/legal/terms-homeowners')({
  loader: ({ context }) => context.queryClient.ensureQueryData(legalDocumentQuery('tos_homeowner')),
  head: ({ loaderData }) => legalPageHead('tos_homeowner', loaderData),
  component: () => <LegalDocumentPage type="tos_homeowner" />,
});
