import { createFileRoute } from '@tanstack/react-router';
import { AccountCard } from '../../features/accounts/account-card';
import { ChangePasswordCard } from '../../features/accounts/change-password-card';
import { ProfilePage } from '../../features/accounts/profile-page';
import { ContactSharesCard } from '../../features/bidding/contact-shares-card';
import { HomeownerProfilePage } from '../../features/homeowner/homeowner-profile-page';
import { NotificationSettingsCard } from '../../features/notifications/notification-settings-card';
import { YourDataCard } from '../../features/accounts/your-data-card';
import { MyProperties } from '../../features/listings/owner/my-properties';
import { ownPropertiesQueryOptions } from '../../features/listings/queries';
import { useSignedInUser } from '../../features/accounts/queries';
import { ListPropertyButtonWhenVerified } from '../../features/verification/list-property-entry';
import { verificationStatusQueryOptions } from '../../features/verification/queries';
import { VerificationCard } from '../../features/verification/verification-card';

export const Route = createFileRoute('/_authenticated/homeowner-profile')({
  loader: async ({ context }) => {
    if (context.user.role !== 'homeowner') return;
    // prefetch never throws: a failed read shows as the card's error state.
    await Promise.all([
      context.queryClient.prefetchQuery(verificationStatusQueryOptions()),
      context.queryClient.prefetchQuery(ownPropertiesQueryOptions()),
    ]);
  },
  component: HomeownerProfileRoute,
});

function HomeownerProfileRoute() {
  const user = useSignedInUser();
  // The verification card and the listings are the homeowner's (SPEC §2); anyone else gets the account part.
  if (user.role !== 'homeowner') return <ProfilePage title="My Profile" account={user} />;
  return (
    <>
      <HomeownerProfilePage
        account={<AccountCard account={user} />}
        // One 'List a property', in My Properties' header: the verified card need not repeat it.
        verification={<VerificationCard />}
        properties={<MyProperties action={<ListPropertyButtonWhenVerified />} />}
        password={
          <>
            <ContactSharesCard />
            <NotificationSettingsCard />
            <YourDataCard />
            <ChangePasswordCard />
          </>
        }
      />
    </>
  );
}
