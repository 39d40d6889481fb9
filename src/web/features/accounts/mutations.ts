import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { sameSitePath } from '../../../contract/redirect';
import type { LoginData, RegisterData } from '../../../contract/accounts/accounts';
import { toast } from '../../components/ui/use-toast';
import { apiRequest, readErrorMessage } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { useRealtime } from '../../lib/realtime';
import { clearSessionData } from '../../lib/session-data';
import { describeLoginError, describeRegistrationError } from './error-messages';
import { SIGNED_IN_HOME } from './redirect';
import type { User } from './user';

// Spec section 9: the redirect after login waits 100 ms, so the button's
// 'Welcome back!' is seen before the page changes.
export const LOGIN_REDIRECT_DELAY_MS = 100;

/** The answer is the user, or { user, redirectTo } when the server picks where to go. */
type LoginAnswer = User | { user: User; redirectTo?: string };

export type LoginCredentials = Omit<LoginData, 'redirectTo'>;

/**
 * `redirect` is the sign-in page's query parameter; it is sent as redirectTo and used when the answer names none.
 * Both are followed only when they are paths on this site (src/contract/redirect.ts): the router hands the raw
 * query parameter through whatever the route's validateSearch returns.
 */
export function useLogin({ redirect }: { redirect?: string } = {}) {
  const queryClient = useQueryClient();
  const realtime = useRealtime();
  const router = useRouter();
  return useMutation({
    mutationFn: (credentials: LoginCredentials) =>
      apiRequest<LoginAnswer>('POST', '/api/login', { ...credentials, ...(redirect === undefined ? {} : { redirectTo: redirect }) }),
    onSuccess: (answer) => {
      const { user, redirectTo } = readLoginAnswer(answer);
      queryClient.setQueryData(queryKeys.user, user);
      // Rooms are chosen from the session at handshake: reconnect to join the user's.
      realtime.reconnect();
      const target = sameSitePath(redirectTo) ?? sameSitePath(redirect) ?? SIGNED_IN_HOME;
      setTimeout(() => void router.navigate({ href: target }), LOGIN_REDIRECT_DELAY_MS);
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Login failed', description: describeLoginError(error) });
    },
  });
}

/** Registering signs the new user in (spec section 4). */
export function useRegister({ redirect }: { redirect?: string } = {}) {
  const queryClient = useQueryClient();
  const realtime = useRealtime();
  const router = useRouter();
  return useMutation({
    mutationFn: (data: RegisterData) => apiRequest<User>('POST', '/api/register', data),
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.user, user);
      realtime.reconnect();
      void router.navigate({ href: sameSitePath(redirect) ?? SIGNED_IN_HOME });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Registration failed', description: describeRegistrationError(error) });
    },
  });
}

/**
 * Signs out without navigating: public pages stay where they are, and the
 * sign-in guard sends the signed-in ones to /auth once the user is null.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const realtime = useRealtime();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/logout'),
    onSuccess: async () => {
      await clearSessionData(queryClient);
      realtime.reconnect();
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Logout failed', description: readErrorMessage(error) });
    },
  });
}

function readLoginAnswer(answer: LoginAnswer): { user: User; redirectTo?: string } {
  return 'user' in answer && typeof answer.user === 'object' && answer.user !== null
    ? answer
    : { user: answer as User };
}
