import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../features/accounts/reset-password-page';

type ResetSearch = { token?: string };

export const Route = createFileRoute('/reset-password')({
  validateSearch: (search: Record<string, unknown>): ResetSearch =>
    typeof search.token === 'string' && search.token !== '' ? { token: search.token } : {},
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token } = Route.useSearch();
  return <ResetPasswordPage token={token} />;
}
