import { useQuery } from '@tanstack/react-query';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { PagePending } from '../../components/page-pending';
import { ErrorState } from '../../components/ui/error-state';
import { CreatePropertyForm } from '../../features/listings/form/create-property-form';
import { ListPropertyLayout } from '../../features/listings/form/list-property-layout';
import { verificationStatusQueryOptions } from '../../features/verification/queries';
import { VerificationRequired } from '../../features/verification/verification-required';

// Homeowners only; the page itself tells an unverified homeowner why it is closed to them.
export const Route = createFileRoute('/_authenticated/list-property')({
  beforeLoad: ({ context }) => {
    if (context.user.role !== 'homeowner') throw redirect({ to: '/home' });
  },
  loader: ({ context }) => context.queryClient.prefetchQuery(verificationStatusQueryOptions()),
  head: () => ({
    meta: [
      { title: 'List a property · BidHome' },
      { name: 'description', content: 'List your property on BidHome and receive bids from realtors.' },
    ],
  }),
  component: ListPropertyRoute,
});

function ListPropertyRoute() {
  const verification = useQuery(verificationStatusQueryOptions());
  const navigate = useNavigate();
  let content;
  if (verification.isPending) content = <PagePending />;
  else if (verification.isError) {
    content = <ErrorState title="Failed to load verification status" error={verification.error} onRetry={() => void verification.refetch()} />;
  } else if (verification.data.status === 'approved') {
    content = <CreatePropertyForm onCreated={(id) => void navigate({ to: '/listing/$id', params: { id } })} />;
  } else content = <VerificationRequired status={verification.data.status} />;
  return (
    <>
      <ListPropertyLayout>{content}</ListPropertyLayout>
    </>
  );
}
