import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { LockIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { apiRequest } from '../../lib/api';
import { cn } from '../../lib/cn';
import { FORM_NOT_READY, SETUP_FAILED, SETUP_INIT_FAILED, STILL_LOADING, toastStripeError } from './errors';
import { useSavePaymentMethod } from './mutations';
import { paymentsConfigQuery } from './queries';
import { stripeFor } from './load-stripe-js';
import { TEST_CARDS } from './types';

/** SPEC §9: the payment form is ready 500 ms after the setup's client secret arrives. */
export const PAYMENT_FORM_DELAY_MS = 500;

type AddPaymentMethodDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the card is saved and the dialog has closed (the store reopens its confirm dialog). */
  onSaved?: () => void;
};

/**
 * SPEC §4 payment-method setup: ask for a setup client secret, the form is
 * ready after 500 ms, confirm the setup, then save the method. With a
 * publishable key the card is entered in Stripe's CardElement; in simulated
 * mode a plainly labelled test-card form offers the three test cards.
 */
export function AddPaymentMethodDialog({ open, onOpenChange, onSaved }: AddPaymentMethodDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md" data-testid="add-payment-method-dialog">
        {open && <SetupFlow onClose={() => onOpenChange(false)} onSaved={onSaved} />}
      </DialogContent>
    </Dialog>
  );
}

function SetupFlow({ onClose, onSaved }: { onClose: () => void; onSaved?: () => void }) {
  const config = useQuery(paymentsConfigQuery());
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [formReady, setFormReady] = useState(false);

  // One setup per opening (this mounts when the dialog opens); a failure closes the dialog (SPEC §8).
  useEffect(() => {
    let cancelled = false;
    apiRequest<{ clientSecret: string }>('POST', '/api/payment-method/setup').then(
      ({ clientSecret: secret }) => {
        if (!cancelled) setClientSecret(secret);
      },
      () => {
        if (cancelled) return;
        toast({ variant: 'destructive', title: SETUP_FAILED, description: SETUP_INIT_FAILED });
        onClose();
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    if (clientSecret === null) return;
    const timer = setTimeout(() => setFormReady(true), PAYMENT_FORM_DELAY_MS);
    return () => clearTimeout(timer);
  }, [clientSecret]);

  const finish = () => {
    onClose();
    onSaved?.();
  };
  const ready = clientSecret !== null && formReady;
  const publishableKey = config.data?.mode === 'stripe' ? config.data.publishableKey : null;

  return (
    <>
      <DialogHeader>
        <DialogTitle className="flex flex-wrap items-center gap-2">
          Add payment method
          {config.data?.mode === 'simulated' && <Badge variant="warning">Test mode</Badge>}
        </DialogTitle>
        <DialogDescription>Your card is saved for credit purchases. You can remove it at any time.</DialogDescription>
      </DialogHeader>
      {config.data === undefined ? (
        <FormLoading />
      ) : publishableKey !== null ? (
        <Elements stripe={stripeFor(publishableKey)}>
          <StripeCardForm clientSecret={clientSecret} ready={ready} onCancel={onClose} onSaved={finish} />
        </Elements>
      ) : (
        <TestCardForm ready={ready} onCancel={onClose} onSaved={finish} />
      )}
    </>
  );
}

function FormLoading() {
  return (
    <div className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
      <Spinner size="sm" label="Preparing the payment form" />
      Preparing the secure payment form…
    </div>
  );
}

type FormProps = { ready: boolean; onCancel: () => void; onSaved: () => void };

function TestCardForm({ ready, onCancel, onSaved }: FormProps) {
  const [card, setCard] = useState<string>(TEST_CARDS[0].id);
  const save = useSavePaymentMethod();
  const name = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) {
      toast({ variant: 'destructive', title: SETUP_FAILED, description: FORM_NOT_READY });
      return;
    }
    // The simulated provider has no card to confirm: the chosen test method is the setup's result.
    save.mutate(card, { onSuccess: onSaved });
  };

  return (
    <form onSubmit={submit} className="grid gap-4" data-ready={ready}>
      <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        Test mode: no real card is charged. Choose one of the test cards below.
      </p>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Test card</legend>
        {TEST_CARDS.map((option) => (
          <label
            key={option.id}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-lg border border-border p-3 transition-colors hover:bg-muted/50',
              card === option.id && 'border-brand bg-brand-soft/40',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.id}
              checked={card === option.id}
              onChange={() => setCard(option.id)}
              className="mt-0.5 size-4 shrink-0 accent-[#C13210]"
            />
            <span className="grid gap-0.5">
              <span className="text-sm font-medium">{option.label}</span>
              <span className="text-xs text-muted-foreground">
                {option.outcome} · <code className="font-mono">{option.id}</code>
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <FormFooter ready={ready} pending={save.isPending} onCancel={onCancel} />
    </form>
  );
}

function StripeCardForm({ clientSecret, ready, onCancel, onSaved }: FormProps & { clientSecret: string | null }) {
  const stripe = useStripe();
  const elements = useElements();
  const [confirming, setConfirming] = useState(false);
  const save = useSavePaymentMethod();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (stripe === null) {
      toast({ variant: 'destructive', title: SETUP_FAILED, description: STILL_LOADING });
      return;
    }
    const card = elements?.getElement(CardElement) ?? null;
    if (!ready || clientSecret === null || card === null) {
      toast({ variant: 'destructive', title: SETUP_FAILED, description: FORM_NOT_READY });
      return;
    }
    setConfirming(true);
    try {
      const { setupIntent, error } = await stripe.confirmCardSetup(clientSecret, { payment_method: { card } });
      if (error !== undefined) {
        toastStripeError(error);
        return;
      }
      const method = setupIntent.payment_method;
      const paymentMethodId = typeof method === 'string' ? method : (method?.id ?? null);
      if (paymentMethodId === null) {
        toast({ variant: 'destructive', title: SETUP_FAILED, description: SETUP_INIT_FAILED });
        return;
      }
      save.mutate(paymentMethodId, { onSuccess: onSaved });
    } finally {
      setConfirming(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-4" data-ready={ready}>
      <div className="rounded-md border border-input px-3 py-3 shadow-xs">
        {/* Card entry only: no Link and no wallet buttons (SPEC §4). */}
        <CardElement options={{ disableLink: true, hidePostalCode: false, style: { base: { fontSize: '16px' } } }} />
      </div>
      <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <LockIcon className="size-3.5" /> Card details go straight to Stripe; we never see them.
      </p>
      <FormFooter ready={ready} pending={confirming || save.isPending} onCancel={onCancel} />
    </form>
  );
}

function FormFooter({ ready, pending, onCancel }: { ready: boolean; pending: boolean; onCancel: () => void }): ReactNode {
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" variant="brand" disabled={pending}>
        {pending || !ready ? <Spinner size="sm" className="text-current" label={pending ? 'Saving card' : 'Preparing the form'} /> : null}
        Save card
      </Button>
    </DialogFooter>
  );
}
