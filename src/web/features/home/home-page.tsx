import { VerificationBanner } from './verification-banner';

/** /home: 'Property Listings'. The listings issue replaces the empty state with the grid. */
export function HomePage({
  email,
  emailVerified,
  verificationLinkFailed = false,
}: {
  email: string;
  emailVerified: boolean;
  /** The mailed link led here with a token the server refused (expired, used or mistyped). */
  verificationLinkFailed?: boolean;
}) {
  return (
    <main className="mx-auto grid w-full max-w-7xl flex-1 content-start gap-6 px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      {!emailVerified && <VerificationBanner email={email} linkFailed={verificationLinkFailed} />}
      <h1 className="text-3xl font-bold tracking-tight">Property Listings</h1>
      <EmptyListings />
    </main>
  );
}

function EmptyListings() {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-border px-6 py-20 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand" aria-hidden="true">
        <svg viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />
        </svg>
      </span>
      <h2 className="text-lg font-semibold">No Properties Yet</h2>
      <p className="max-w-sm text-sm text-muted-foreground">Be the first to showcase your property on our platform</p>
    </div>
  );
}
