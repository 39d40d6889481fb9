import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { LockIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { apiFetch, apiRequest, readErrorMessage } from '../../lib/api';
import { PAYMENT_FAILED, STILL_LOADING, UNEXPECTED, toastStripeError } from './errors';
import { paymentsConfigQuery } from './queries';
import { stripeFor } from './load-stripe-js';
import type { PurchaseAnswer } from '../../../contract/payments/payments';

export type CardAuthenticationDialogProps = {
  /** The payment waiting for authentication; null keeps the dialog closed. */
  payment: { paymentIntentId: string; clientSecret: string; summary: string } | null;
  onClose: () => void;
  /** The server's answer once the authentication step has run (success or not). */
  onResult: (answer: PurchaseAnswer) => void;
};

/**
 * SPEC §4 'Requires action': the card payment dialog. With Stripe,
 * stripe.confirmCardPayment runs the bank's check and the server then
 * confirms with Stripe; in simulated mode a plainly labelled test step
 * completes or fails the payment.
 */
export function CardAuthenticationDialog({ payment, onClose, onResult }: CardAuthenticationDialogProps) {
  const config = useQuery(paymentsConfigQuery());
  const [pending, setPending] = useState<null | 'complete' | 'fail'>(null);
  const simulated = config.data?.mode !== 'stripe';

  const run = async (outcome: 'complete' | 'fail') => {
    if (payment === null) return;
    setPending(outcome);
    try {
      const answer = simulated
        ? await apiRequest<PurchaseAnswer>('POST', `/api/payments/simulated/${encodeURIComponent(payment.paymentIntentId)}/confirm`, { outcome })
        : await authenticateWithStripe(config.data?.publishableKey ?? null, payment);
      if (answer === null) return;
      onClose();
      onResult(answer);
    } catch (error) {
      toast({ variant: 'destructive', title: PAYMENT_FAILED, description: readErrorMessage(error) || UNEXPECTED });
    } finally {
      setPending(null);
    }
  };

  return (
    <Dialog open={payment !== null} onOpenChange={(open) => !open && pending === null && onClose()}>
      <DialogContent className="sm:max-w-md" data-testid="card-authentication-dialog">
        <DialogHeader>
          <DialogTitle className="flex flex-wrap items-center gap-2">
            {simulated ? 'Test card authentication' : 'Confirm your payment'}
            {simulated && <Badge variant="warning">Test mode</Badge>}
          </DialogTitle>
          <DialogDescription>
            Your card issuer asks you to confirm this payment{payment !== null ? `: ${payment.summary}` : ''}.
          </DialogDescription>
        </DialogHeader>
        {simulated ? (
          <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            Test mode: this stands in for your bank's check. Choose how it ends; no real card is charged.
          </p>
        ) : (
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <LockIcon className="size-4" /> Your bank's check opens in a secure window.
          </p>
        )}
        <DialogFooter>
          {simulated ? (
            <>
              <Button variant="outline" disabled={pending !== null} onClick={() => void run('fail')}>
                {pending === 'fail' && <Spinner size="sm" className="text-current" label="Failing authentication" />}
                Fail authentication
              </Button>
              <Button variant="brand" disabled={pending !== null} onClick={() => void run('complete')}>
                {pending === 'complete' && <Spinner size="sm" className="text-current" label="Completing authentication" />}
                Complete authentication
              </Button>
            </>
          ) : (
            <>
              <Button variant="outline" disabled={pending !== null} onClick={onClose}>
                Not now
              </Button>
              <Button variant="brand" disabled={pending !== null} onClick={() => void run('complete')}>
                {pending !== null && <Spinner size="sm" className="text-current" label="Authenticating" />}
                Authenticate payment
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** null when Stripe reported the problem itself (its toast is shown). */
async function authenticateWithStripe(
  publishableKey: string | null,
  payment: { paymentIntentId: string; clientSecret: string },
): Promise<PurchaseAnswer | null> {
  const stripe = publishableKey === null ? null : await stripeFor(publishableKey);
  if (stripe === null) {
    toast({ variant: 'destructive', title: 'Payment error', description: STILL_LOADING });
    return null;
  }
  const { error } = await stripe.confirmCardPayment(payment.clientSecret);
  if (error !== undefined) {
    toastStripeError(error);
    return null;
  }
  // The server asks Stripe for the real status; the browser's word is not trusted.
  return apiFetch<PurchaseAnswer>(`/api/payments/confirm?payment_intent=${encodeURIComponent(payment.paymentIntentId)}`);
}
