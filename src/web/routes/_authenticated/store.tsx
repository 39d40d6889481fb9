import { createFileRoute } from '@tanstack/react-router';
import { CreditStore } from '../../features/home/credit-store';
import { useSignedInUser } from '../../features/session/queries';

export const Route = createFileRoute('/_authenticated/store')({
  component: StoreRoute,
});

function StoreRoute() {
  const user = useSignedInUser();
  return <CreditStore credits={user.credits} />;
}
