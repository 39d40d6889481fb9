import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { XIcon } from '../../components/ui/shell-icons';
import { toast } from '../../components/ui/use-toast';
import { apiRequest, readErrorMessage } from '../../lib/api';

function useResendVerification() {
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/resend-verification'),
    onSuccess: () => {
      toast({ title: 'Verification email sent', description: 'Check your inbox for the verification link' });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Failed to send email', description: readErrorMessage(error) });
    },
  });
}

/** Shown to a signed-in user whose email address is not verified yet (spec section 2, /home). */
export function VerificationBanner({ email, linkFailed }: { email: string; linkFailed: boolean }) {
  const [dismissed, setDismissed] = useState(false);
  const resend = useResendVerification();
  if (dismissed) return null;

  return (
    <section
      aria-label="Email verification"
      className="relative flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 pr-12 text-amber-950 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-3">
        <svg viewBox="0 0 24 24" className="mt-0.5 size-5 shrink-0 text-amber-600" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <path d="m3 7 9 6 9-6" />
        </svg>
        <div className="grid gap-1">
          <h2 className="text-sm font-semibold">Please verify your email address</h2>
          <p className="text-sm text-amber-900/80">
            {linkFailed ? (
              <>That verification link is invalid or has expired. Send a new one to </>
            ) : (
              <>We sent a verification link to </>
            )}
            <span className="font-medium [overflow-wrap:anywhere]">{breakableEmail(email)}</span>
            {linkFailed ? '.' : '. Open it to confirm the address is yours.'}
          </p>
        </div>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="ml-8 self-start border-amber-300 bg-white sm:ml-0 sm:self-auto"
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
      >
        {resend.isPending ? 'Sending...' : 'Resend email'}
      </Button>
      <button
        type="button"
        className="absolute right-3 top-3 cursor-pointer rounded-md p-1 text-amber-900/60 transition-colors hover:bg-amber-100 hover:text-amber-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        onClick={() => setDismissed(true)}
      >
        <XIcon className="size-4" />
        <span className="sr-only">Dismiss</span>
      </button>
    </section>
  );
}

/**
 * The address with break opportunities where a reader expects them: before the
 * @ and before each dot. A part still too long for a phone wraps anywhere
 * (overflow-wrap on the address alone), never the sentence around it.
 */
function breakableEmail(email: string) {
  return email.split(/(?=[@.])/).map((part, i) => (
    <span key={i}>
      {i > 0 && <wbr />}
      {part}
    </span>
  ));
}
