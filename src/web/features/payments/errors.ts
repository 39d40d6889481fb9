import type { StripeError } from '@stripe/stripe-js';
import { toast } from '../../components/ui/use-toast';

// The payment toasts of SPEC §8, quoted exactly.
export const SETUP_FAILED = 'Setup failed';
export const STILL_LOADING = 'Payment system is still loading. Please wait a moment and try again.';
export const FORM_NOT_READY = 'Payment form is not ready. Please wait a moment and try again.';
export const SETUP_INIT_FAILED = 'Failed to initialize payment method setup';
export const PAYMENT_FAILED = 'Payment failed';
export const UNEXPECTED = 'An unexpected error occurred';

/** Spec §8 payments: a Stripe.js error as the catalogue names it. */
export function toastStripeError(error: StripeError): void {
  if (error.type === 'validation_error') {
    toast({ variant: 'destructive', title: 'Invalid payment details', description: error.message ?? 'Please complete all payment fields' });
  } else if (error.type === 'card_error') {
    toast({ variant: 'destructive', title: 'Card error', description: error.message ?? 'Please check your payment details' });
  } else {
    toast({ variant: 'destructive', title: 'Payment error', description: error.message ?? UNEXPECTED });
  }
}
