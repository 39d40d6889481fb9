import { createFileRoute } from '@tanstack/react-router';
import { useCallback, useEffect } from 'react';
import type { ListingSearch } from '../../../contract/listings/listing-search';
import { toast } from '../../components/ui/use-toast';
import { HomePage } from '../../features/home/home-page';
import { PropertyGrid } from '../../features/listings/grid/property-grid';
import { ListingFilters } from '../../features/listings/search/listing-filters';
import { warmListingSearch } from '../../features/listings/search/listing-search-query';
import { parseListingSearch, withoutEmpty } from '../../features/listings/search/search-params';
import { useSignedInUser } from '../../features/accounts/queries';
import { ListPropertyEntry } from '../../features/verification/list-property-entry';

// GET /api/verify-email sends a refused token here with ?emailVerification=invalid, a verified one with =verified.
// The listing filters ride in the address too, so a search is shareable and back and forward step through searches.
type HomeSearch = ListingSearch & { emailVerification?: 'invalid' | 'verified' };

export const Route = createFileRoute('/_authenticated/home')({
  validateSearch: (search: Record<string, unknown>): HomeSearch => ({
    ...parseListingSearch(search),
    ...(search.emailVerification === 'invalid' || search.emailVerification === 'verified' ? { emailVerification: search.emailVerification } : {}),
  }),
  loaderDeps: ({ search: { emailVerification: _, ...filters } }) => filters,
  // Warms the first page (also on hover of a link here); the grid shows its own spinner otherwise. A new search on
  // the page does not wait for it: the grid keeps the last results, dimmed, rather than the router's pending screen.
  loader: ({ context, deps, cause }) => {
    const warmed = warmListingSearch(context.queryClient, deps);
    return cause === 'stay' ? undefined : warmed;
  },
  component: HomeRoute,
});

function HomeRoute() {
  const user = useSignedInUser();
  const { emailVerification, ...filters } = Route.useSearch();
  const navigate = Route.useNavigate();
  const homeowner = user.role === 'homeowner';
  // Each search is a history entry of its own; the email notice does not come back with it.
  const search = useCallback((next: ListingSearch) => void navigate({ search: withoutEmpty(next) }), [navigate]);
  // Said once: the parameter goes, so a reload or a shared address does not say it again.
  useEffect(() => {
    if (emailVerification !== 'verified') return;
    toast({ title: 'Email verified', description: `${user.email} is confirmed. Thank you!` });
    void navigate({ search: ({ emailVerification: _, ...rest }) => rest, replace: true });
  }, [emailVerification, navigate, user.email]);
  return (
    <>
      <HomePage
        email={user.email}
        emailVerified={user.emailVerified}
        verificationLinkFailed={emailVerification === 'invalid'}
        action={homeowner ? <ListPropertyEntry /> : undefined}
        listings={
          <>
            <ListingFilters search={filters} onChange={search} />
            <PropertyGrid search={filters} onReset={() => search({})} />
          </>
        }
      />
    </>
  );
}
