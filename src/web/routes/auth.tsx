import { createFileRoute, redirect } from '@tanstack/react-router';
import { sameSitePath } from '../../contract/redirect';
import type { UserRole } from '../../contract/accounts/accounts';
import { AuthPage, type AuthTab } from '../features/accounts/auth-page';
import { useLogin, useRegister } from '../features/accounts/mutations';
import { userQueryOptions } from '../features/accounts/queries';

type AuthSearch = { redirect?: string; tab?: AuthTab; role?: UserRole };

const readTab = (value: unknown): AuthTab | undefined => (value === 'login' || value === 'register' ? value : undefined);
const readRole = (value: unknown): UserRole | undefined => (value === 'homeowner' || value === 'realtor' ? value : undefined);

export const Route = createFileRoute('/auth')({
  // The key is always returned: the router spreads this result over the raw query, so leaving an
  // unsafe value out would let it through.
  // `tab` and `role` let a call to action open the Register tab with its role chosen.
  validateSearch: (search: Record<string, unknown>): AuthSearch => ({
    redirect: sameSitePath(search.redirect),
    tab: readTab(search.tab),
    role: readRole(search.role),
  }),
  // A signed-in user has nothing to do here (spec section 2).
  beforeLoad: async ({ context }) => {
    const user = await context.queryClient.ensureQueryData(userQueryOptions());
    if (user !== null) throw redirect({ to: '/home' });
  },
  component: AuthRoute,
});

function AuthRoute() {
  const { redirect: target, tab, role } = Route.useSearch();
  const login = useLogin({ redirect: target });
  const register = useRegister({ redirect: target });
  return <AuthPage login={login} register={register} initialTab={tab ?? (role ? 'register' : 'login')} initialRole={role} />;
}
