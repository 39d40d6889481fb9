import type { ReactNode } from 'react';
import type { LinkProps } from '@tanstack/react-router';
import { HeaderActions, HeaderLink } from '../../components/header';
import { Button } from '../../components/ui/button';
import { useLogout } from './mutations';
import type { User } from './user';

// HeaderLink takes any string (the guest nav links pages not built yet); this
// `satisfies` keeps the signed-in links checked against the registered routes.
const paths = {
  home: '/home',
  homeownerProfile: '/homeowner-profile',
  realtorProfile: '/realtor-profile',
  dashboard: '/dashboard',
  store: '/store',
} as const satisfies Record<string, LinkProps['to']>;

/** The header's nav for a signed-in user (spec section 2, Header). */
export function SignedInNav({ user }: { user: User }) {
  return user.role === 'realtor' ? <RealtorNav /> : <HomeownerNav />;
}

function HomeownerNav() {
  return (
    <>
      <HeaderLink to={paths.home}>Home</HeaderLink>
      <HeaderLink to={paths.homeownerProfile}>Profile</HeaderLink>
      <HeaderActions>
        <Badge>Homeowner</Badge>
        <LogoutButton />
      </HeaderActions>
    </>
  );
}

/** What the header's bar shows on every width, phones included: the realtor's credits (issue 27, item 6). */
export function SignedInStatus({ user }: { user: User }) {
  if (user.role !== 'realtor') return null;
  // Kept live by the realtime layer, which sets credits on the ['user'] data.
  return (
    <Badge>
      <CoinIcon />
      <span data-testid="credits-badge">
        {user.credits} {user.credits === 1 ? 'credit' : 'credits'}
      </span>
    </Badge>
  );
}

function RealtorNav() {
  return (
    <>
      <HeaderLink to={paths.home}>Home</HeaderLink>
      <HeaderLink to={paths.realtorProfile}>Profile</HeaderLink>
      <HeaderLink to={paths.dashboard}>Dashboard</HeaderLink>
      <HeaderLink to={paths.store}>Store</HeaderLink>
      <HeaderActions>
        <LogoutButton />
      </HeaderActions>
    </>
  );
}

function Badge({ children }: { children: ReactNode }) {
  return (
    <span className="inline-flex h-7 shrink-0 items-center justify-center gap-1.5 self-start whitespace-nowrap rounded-full bg-brand-soft px-3 text-xs font-semibold text-brand-hover md:self-auto">
      {children}
    </span>
  );
}

function LogoutButton() {
  const logout = useLogout();
  return (
    <Button variant="outline" className="w-full md:w-auto" disabled={logout.isPending} onClick={() => logout.mutate()}>
      {logout.isPending ? 'Logging out...' : 'Logout'}
    </Button>
  );
}

function CoinIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="2.2" aria-hidden="true">
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v10M9.5 9.5c0-1 1.1-1.8 2.5-1.8s2.5.8 2.5 1.8-1.1 1.6-2.5 1.9-2.5.9-2.5 1.9 1.1 1.9 2.5 1.9 2.5-.8 2.5-1.8" strokeLinecap="round" />
    </svg>
  );
}
