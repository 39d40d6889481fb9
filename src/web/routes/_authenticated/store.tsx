import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { AddPaymentMethodDialog } from '../../features/payments/add-payment-method-dialog';
import { CardAuthenticationDialog } from '../../features/payments/card-authentication-dialog';
import { paymentsConfigQuery } from '../../features/payments/queries';
import { useSignedInUser } from '../../features/accounts/queries';
import { StorePage } from '../../features/store/store-page';

type StoreSearch = { payment_intent?: string; payment_intent_client_secret?: string };

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

// The credit store, and the return address after a card payment (SPEC §2 /store).
export const Route = createFileRoute('/_authenticated/store')({
  validateSearch: (search: Record<string, unknown>): StoreSearch => {
    const paymentIntent = text(search.payment_intent);
    const clientSecret = text(search.payment_intent_client_secret);
    return {
      ...(paymentIntent === undefined ? {} : { payment_intent: paymentIntent }),
      ...(clientSecret === undefined ? {} : { payment_intent_client_secret: clientSecret }),
    };
  },
  beforeLoad: ({ context }) => {
    if (context.user.role !== 'realtor') throw redirect({ to: '/' });
  },
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(paymentsConfigQuery());
  },
  component: StoreRoute,
});

function StoreRoute() {
  const user = useSignedInUser();
  const search = Route.useSearch();
  const navigate = useNavigate();
  const paymentReturn =
    search.payment_intent === undefined ? null : { paymentIntent: search.payment_intent, clientSecret: search.payment_intent_client_secret ?? null };
  return (
    <StorePage
      credits={user.credits}
      hasPaymentMethod={user.hasPaymentMethod}
      paymentReturn={paymentReturn}
      onReturnRead={() => void navigate({ to: '/store', search: {}, replace: true })}
      AddPaymentMethodDialog={AddPaymentMethodDialog}
      CardAuthenticationDialog={CardAuthenticationDialog}
    />
  );
}
