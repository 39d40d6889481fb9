import { createFileRoute, redirect } from '@tanstack/react-router';
import { ProfilePage } from '../../features/auth/profile-page';
import { useSignedInUser } from '../../features/session/queries';

// Realtors only; other roles go to / (spec section 2).
export const Route = createFileRoute('/_authenticated/realtor-profile')({
  beforeLoad: ({ context }) => {
    if (context.user.role !== 'realtor') throw redirect({ to: '/' });
  },
  component: RealtorProfileRoute,
});

function RealtorProfileRoute() {
  const user = useSignedInUser();
  return <ProfilePage title="Realtor Profile" account={user} />;
}
