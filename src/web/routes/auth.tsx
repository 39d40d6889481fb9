import { createFileRoute, redirect } from '@tanstack/react-router';
import { AuthPage } from '../features/auth/auth-page';
import { useLogin, useRegister } from '../features/session/mutations';
import { userQueryOptions } from '../features/session/queries';
import { readSafeRedirect } from '../features/session/redirect';

type AuthSearch = { redirect?: string };

export const Route = createFileRoute('/auth')({
  validateSearch: (search: Record<string, unknown>): AuthSearch => {
    const target = readSafeRedirect(search.redirect);
    return target === undefined ? {} : { redirect: target };
  },
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
