import type { ReactNode } from 'react';

/**
 * /homeowner-profile: account information, the Verification Status card and
 * My Properties (SPEC §2), then the password. Each part is another feature's
 * card, composed by the route.
 */
export function HomeownerProfilePage({
  account,
  verification,
  properties,
  password,
}: {
  account: ReactNode;
  verification: ReactNode;
  properties: ReactNode;
  password: ReactNode;
}) {
  return (
    <main className="mx-auto grid w-full max-w-6xl flex-1 content-start gap-8 px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <div className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">My Profile</h1>
        <p className="text-neutral-600">Manage your account, verify your ownership and look after your listings.</p>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        {account}
        {verification}
      </div>
      {properties}
      {/* The settings cards use the desktop's width in two columns, like the cards above (issue 27, item 6). */}
      <div className="grid items-start gap-6 lg:grid-cols-2">{password}</div>
    </main>
  );
}
