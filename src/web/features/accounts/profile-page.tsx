import type { AccountDetails } from './account';
import { AccountCard } from './account-card';
import { ChangePasswordCard } from './change-password-card';

/**
 * The account part of /homeowner-profile and /realtor-profile. The role's own
 * cards (verification and properties; professional details, payment methods
 * and bids) join it as their issues land.
 */
export function ProfilePage({ account, title }: { account: AccountDetails; title: string }) {
  return (
    <main className="mx-auto grid w-full max-w-3xl flex-1 content-start gap-6 px-4 py-8 sm:px-6 lg:py-12">
      <div className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <p className="text-muted-foreground">Manage your account details and password.</p>
      </div>
      <AccountCard account={account} />
      <ChangePasswordCard />
    </main>
  );
}
