import type { ReactNode } from 'react';
import { VerificationBanner } from './verification-banner';

/** /home: 'Property Listings'. The route supplies the grid and, for homeowners, the way to list a property. */
export function HomePage({
  email,
  emailVerified,
  verificationLinkFailed = false,
  listings,
  action,
}: {
  email: string;
  emailVerified: boolean;
  /** The mailed link led here with a token the server refused (expired, used or mistyped). */
  verificationLinkFailed?: boolean;
  listings: ReactNode;
  /** Beside the title: 'List a property' for a verified homeowner, or a hint to verify. */
  action?: ReactNode;
}) {
  return (
    <main className="mx-auto grid w-full max-w-7xl flex-1 content-start gap-6 px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">Property Listings</h1>
        {action}
      </div>
      {/* Under the page's title, so the heading outline starts with it. */}
      {!emailVerified && <VerificationBanner email={email} linkFailed={verificationLinkFailed} />}
      {listings}
    </main>
  );
}
