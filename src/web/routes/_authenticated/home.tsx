import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { toast } from '../../components/ui/use-toast';
import { HomePage } from '../../features/home/home-page';
import { PropertyGrid } from '../../features/listings/grid/property-grid';
import { NewBidToasts } from '../../features/listings/new-bid-toasts';
import { propertyPagesQueryOptions } from '../../features/listings/queries';
import { useSignedInUser } from '../../features/session/queries';
import { ListPropertyEntry } from '../../features/verification/list-property-entry';

// GET /api/verify-email sends a refused token here with ?emailVerification=invalid, a verified one with =verified.
type HomeSearch = { emailVerification?: 'invalid' | 'verified' };

export const Route = createFileRoute('/_authenticated/home')({
  validateSearch: (search: Record<string, unknown>): HomeSearch =>
    search.emailVerification === 'invalid' || search.emailVerification === 'verified' ? { emailVerification: search.emailVerification } : {},
  // Warms the first page (also on hover of a link here); the grid shows its own spinner otherwise.
  loader: ({ context }) => context.queryClient.prefetchInfiniteQuery(propertyPagesQueryOptions()),
  component: HomeRoute,
});

function HomeRoute() {
  const user = useSignedInUser();
  const { emailVerification } = Route.useSearch();
  const navigate = Route.useNavigate();
  const homeowner = user.role === 'homeowner';
  // Said once: the parameter goes, so a reload or a shared address does not say it again.
  useEffect(() => {
    if (emailVerification !== 'verified') return;
    toast({ title: 'Email verified', description: `${user.email} is confirmed. Thank you!` });
    void navigate({ search: {}, replace: true });
  }, [emailVerification, navigate, user.email]);
  return (
    <>
      {homeowner && <NewBidToasts />}
      <HomePage
        email={user.email}
        emailVerified={user.emailVerified}
        verificationLinkFailed={emailVerification === 'invalid'}
        action={homeowner ? <ListPropertyEntry /> : undefined}
        listings={<PropertyGrid />}
      />
    </>
  );
}
