import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { AccountCard } from '../../features/accounts/account-card';
import { ChangePasswordCard } from '../../features/accounts/change-password-card';
import { ContactSharesCard } from '../../features/bidding/contact-shares-card';
import { NotificationSettingsCard } from '../../features/notifications/notification-settings-card';
import { YourDataCard } from '../../features/accounts/your-data-card';
import { OwnBidsCard } from '../../features/bidding/own-bids-card';
import { PaymentMethodCard } from '../../features/payments/payment-method-card';
import { ownBidsQuery } from '../../features/bidding/queries';
import { ownRealtorProfileQuery } from '../../features/realtor-profiles/queries';
import { RealtorProfileForm } from '../../features/realtor-profiles/realtor-profile-form';
import { useSignedInUser } from '../../features/accounts/queries';

// Realtors only; other roles go to / (spec section 2).
export const Route = createFileRoute('/_authenticated/realtor-profile')({
  beforeLoad: ({ context }) => {
    if (context.user.role !== 'realtor') throw redirect({ to: '/' });
  },
  loader: async ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(ownBidsQuery());
    // Awaited so the form opens with the saved values; prefetch never throws, the form shows a failure itself.
    await queryClient.prefetchQuery(ownRealtorProfileQuery());
  },
  component: RealtorProfileRoute,
});

function RealtorProfileRoute() {
  const user = useSignedInUser();
  // The photo a realtor uploads lives on their profile: the account card shows it rather than initials beside it.
  const photo = useQuery(ownRealtorProfileQuery()).data?.profileImageUrl ?? null;
  return (
    <main className="mx-auto grid w-full max-w-3xl flex-1 content-start gap-10 px-4 py-8 sm:px-6 lg:py-12">
      <div className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Realtor Profile</h1>
        <p className="text-muted-foreground">Your account, the profile homeowners see on your bids, and the bids you have placed.</p>
      </div>
      <Section title="Account">
        <AccountCard account={{ ...user, profileImageUrl: photo }} />
      </Section>
      <Section title="Professional Profile">
        <RealtorProfileForm name={user.name} />
      </Section>
      <Section title="Payments and Security">
        {/* GET /api/user carries hasPaymentMethod (docs/decisions/0017). */}
        <PaymentMethodCard hasPaymentMethod={user.hasPaymentMethod} card={user.paymentCard} />
        <ChangePasswordCard />
      </Section>
      <Section title="Bids">
        <OwnBidsCard />
      </Section>
      <Section title="Contact shared">
        <ContactSharesCard />
      </Section>
      <Section title="Notifications">
        <NotificationSettingsCard />
      </Section>
      <Section title="Your data">
        <YourDataCard />
      </Section>
    </main>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-4" aria-label={title}>
      <h2 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">{title}</h2>
      {children}
    </section>
  );
}
