import { createFileRoute, redirect } from '@tanstack/react-router';
import { sameSitePath } from '../../contract/redirect';
import { AuthPage } from '../features/auth/auth-page';
import { useLogin, useRegister } from '../features/session/mutations';
import { userQueryOptions } from '../features/session/queries';

type AuthSearch = { redirect?: string };

export const Route = createFileRoute('/auth')({
  // The key is always returned: the router spreads this result over the raw query, so leaving an
  // unsafe value out would let it through.
  validateSearch: (search: Record<string, unknown>): AuthSearch => ({ redirect: sameSitePath(search.redirect) }),
  // A signed-in user has nothing to do here (spec section 2).
  beforeLoad: async ({ context }) => {
    const user = await context.queryClient.ensureQueryData(userQueryOptions());
    if (user !== null) throw redirect({ to: '/home' });
  },
  component: AuthRoute,
});

function AuthRoute() {
  const { redirect: target } = Route.useSearch();
  const login = useLogin({ redirect: target });
  const register = useRegister({ redirect: target });
  return <AuthPage login={login} register={register} />;
}
