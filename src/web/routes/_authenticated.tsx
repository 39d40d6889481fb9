import { createFileRoute, Navigate, Outlet, redirect } from '@tanstack/react-router';
import { PagePending } from '../components/page-pending';
import { CreditChangeToasts } from '../features/payments/credit-change-toasts';
import { NewBidToasts } from '../features/listings/new-bid-toasts';
import { NewListingToasts } from '../features/notifications/new-listing-toasts';
import { useCurrentUser, userQueryOptions } from '../features/accounts/queries';

// Sign-in-required pages (spec section 2). A guest arriving here is sent to
// /auth with the page to come back to; a session that ends on the page (logout,
// or the user lookup answering 401) sends the user to /auth without one.
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ context, location }) => {
    const user = await context.queryClient.ensureQueryData(userQueryOptions());
    if (user === null) throw redirect({ to: '/auth', search: { redirect: location.href } });
    return { user };
  },
  pendingComponent: PagePending,
  // At once, not after the router's default second: on a first visit the session lookup left a white page between
  // index.html's spinner and this one. A cached session resolves before the timer, so navigations do not flash it.
  pendingMs: 0,
  pendingMinMs: 0,
  component: SignInRequired,
});

function SignInRequired() {
  const user = useCurrentUser();
  if (user === undefined) return <PagePending />;
  if (user === null) return <Navigate to="/auth" replace />;
  return (
    <>
      {/* Rewards, refunds and administrators move a realtor's credits from elsewhere: say why on whichever page is open. */}
      {user.role === 'realtor' && <CreditChangeToasts />}
      {/* A listing gone live in one of the realtor's service areas (docs/decisions/0060). */}
      {user.role === 'realtor' && <NewListingToasts />}
      {/* Each bid on an owner's listing, on whichever page the owner has open. */}
      {user.role === 'homeowner' && <NewBidToasts />}
      <Outlet />
    </>
  );
}
