import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../../features/auth/profile-page';
import { useSignedInUser } from '../../features/session/queries';

export const Route = createFileRoute('/_authenticated/homeowner-profile')({
  component: HomeownerProfileRoute,
});

function HomeownerProfileRoute() {
  const user = useSignedInUser();
  return <ProfilePage title="My Profile" account={user} />;
}
