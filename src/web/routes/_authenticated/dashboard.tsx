import { createFileRoute } from '@tanstack/react-router';
import { RealtorDashboard } from '../../features/home/realtor-dashboard';
import { useSignedInUser } from '../../features/session/queries';

export const Route = createFileRoute('/_authenticated/dashboard')({
  component: DashboardRoute,
});

function DashboardRoute() {
  const user = useSignedInUser();
  return <RealtorDashboard name={user.name} credits={user.credits} />;
}
