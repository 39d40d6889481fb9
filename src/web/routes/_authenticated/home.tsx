import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../../features/home/home-page';
import { PropertyGrid } from '../../features/listings/grid/property-grid';
import { NewBidToasts } from '../../features/listings/new-bid-toasts';
import { propertyPagesQueryOptions } from '../../features/listings/queries';
import { useSignedInUser } from '../../features/session/queries';
import { ListPropertyEntry } from '../../features/verification/list-property-entry';

// GET /api/verify-email sends a refused token here with ?emailVerification=invalid.
type HomeSearch = { emailVerification?: 'invalid' };

export const Route = createFileRoute('/_authenticated/home')({
  validateSearch: (search: Record<string, unknown>): HomeSearch =>
    search.emailVerification === 'invalid' ? { emailVerification: 'invalid' } : {},
  // Warms the first page (also on hover of a link here); the grid shows its own spinner otherwise.
  loader: ({ context }) => context.queryClient.prefetchInfiniteQuery(propertyPagesQueryOptions()),
  component: HomeRoute,
});

function HomeRoute() {
  const user = useSignedInUser();
  const { emailVerification } = Route.useSearch();
  const homeowner = user.role === 'homeowner';
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
