import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../../features/home/home-page';
import { useSignedInUser } from '../../features/session/queries';

// GET /api/verify-email sends a refused token here with ?emailVerification=invalid.
type HomeSearch = { emailVerification?: 'invalid' };

export const Route = createFileRoute('/_authenticated/home')({
  validateSearch: (search: Record<string, unknown>): HomeSearch =>
    search.emailVerification === 'invalid' ? { emailVerification: 'invalid' } : {},
  component: HomeRoute,
});

function HomeRoute() {
  const user = useSignedInUser();
  const { emailVerification } = Route.useSearch();
  return (
    <HomePage email={user.email} emailVerified={user.emailVerified} verificationLinkFailed={emailVerification === 'invalid'} />
  );
}
