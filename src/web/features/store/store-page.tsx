import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CREDIT_PACKAGES, creditsLabel, formatCents, type CreditPackage } from '../../../contract/payments/credit-packages';
import { Button, buttonVariants } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { CoinsIcon, CreditCardIcon } from '../../components/ui/icons';
import { CheckIcon } from '../../components/ui/shell-icons';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { ApiError, apiFetch, apiRequest, readErrorMessage } from '../../lib/api';
import { paymentSessionKeys } from '../../lib/payment-session-keys';
import { queryKeys } from '../../lib/query-keys';
import { Confetti } from './confetti';
import { rememberCredited, wasCredited } from './credited-intents';
import { PackageCard } from './package-card';
import type { PaymentReturn, PendingAuthentication } from './types';
import type { PurchaseAnswer } from '../../../contract/payments/payments';

// SPEC §9 timings.
export const SUCCESS_ANIMATION_MS = 3_000;
export const USER_REFRESH_DELAY_MS = 2_000;
export const PAYMENT_TOAST_MS = 5_000;

const NO_PAYMENT_METHOD = 'No payment method found';
const UNEXPECTED = 'An unexpected error occurred';

export type AddPaymentMethodSlot = ComponentType<{ open: boolean; onOpenChange: (open: boolean) => void; onSaved?: () => void }>;
export type CardAuthenticationSlot = ComponentType<{
  payment: PendingAuthentication | null;
  onClose: () => void;
  onResult: (answer: PurchaseAnswer) => void;
}>;

type StorePageProps = {
  credits: number;
  hasPaymentMethod: boolean;
  /** Set when the browser comes back from a card redirect. */
  paymentReturn: PaymentReturn | null;
  /** Drops the return's query parameters from the address once they are read. */
  onReturnRead: () => void;
  AddPaymentMethodDialog: AddPaymentMethodSlot;
  CardAuthenticationDialog: CardAuthenticationSlot;
};

/**
 * /store (SPEC §2, §4 credit purchase): choose a package, confirm, and the
 * purchase answer decides what follows — success with confetti, the card
 * payment dialog, or the add-payment-method dialog that reopens the confirm
 * dialog once a card is saved. Also the return address after a card redirect.
 */
export function StorePage({ credits, hasPaymentMethod, paymentReturn, onReturnRead, AddPaymentMethodDialog, CardAuthenticationDialog }: StorePageProps) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<CreditPackage | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [addingMethod, setAddingMethod] = useState(false);
  const [authentication, setAuthentication] = useState<PendingAuthentication | null>(null);
  const [success, setSuccess] = useState<{ credits: number; balance: number | null } | null>(null);
  const [celebrating, setCelebrating] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const later = (ms: number, run: () => void) => {
    timers.current.push(setTimeout(run, ms));
  };

  const celebrate = (added: number, balance: number | null) => {
    if (balance !== null) {
      queryClient.setQueryData(queryKeys.user, (user: unknown) => (typeof user === 'object' && user !== null ? { ...user, credits: balance } : user));
    }
    void queryClient.invalidateQueries({ queryKey: queryKeys.creditStatement });
    setSuccess({ credits: added, balance });
    setCelebrating(true);
    later(SUCCESS_ANIMATION_MS, () => setCelebrating(false));
    toast({ title: 'Purchase successful', description: `${creditsLabel(added)} added to your account` });
  };

  const paymentFailed = (answer: PurchaseAnswer) => {
    toast({ variant: 'destructive', title: 'Payment failed', description: answer.message || UNEXPECTED });
  };

  const processing = () => {
    toast({ title: 'Payment Processing', description: 'Your payment is being confirmed. Your credits will appear shortly.', duration: PAYMENT_TOAST_MS });
  };

  const handleAnswer = (answer: PurchaseAnswer, pkg: CreditPackage | null) => {
    if (answer.success) {
      rememberCredited(answer.paymentIntentId);
      celebrate(answer.credits, answer.balance);
    } else if (answer.requiresAction && answer.clientSecret !== null && answer.paymentIntentId !== null) {
      setAuthentication({
        paymentIntentId: answer.paymentIntentId,
        clientSecret: answer.clientSecret,
        summary: pkg === null ? 'your credit purchase' : `${creditsLabel(pkg.credits)} for $${formatCents(pkg.price)}`,
      });
    } else if (answer.requiresPaymentMethod || answer.message.includes(NO_PAYMENT_METHOD)) {
      setAddingMethod(true);
    } else if (answer.status === 'requires_payment_method') {
      paymentFailed(answer);
    } else {
      processing();
    }
  };

  const purchase = useMutation({
    mutationFn: (pkg: CreditPackage) => apiRequest<PurchaseAnswer>('POST', '/api/credits/purchase', { credits: pkg.credits }),
    onSuccess: (answer, pkg) => {
      setConfirming(false);
      handleAnswer(answer, pkg);
    },
    onError: (error) => {
      setConfirming(false);
      const message = readErrorMessage(error);
      if (message.includes(NO_PAYMENT_METHOD)) {
        setAddingMethod(true);
        return;
      }
      toast({ variant: 'destructive', title: 'Purchase failed', description: error instanceof ApiError ? error.serverMessage : message });
    },
  });

  // The return from a card redirect: kept in session storage while it is confirmed, and confirmed by the server.
  const handledReturn = useRef<string | null>(null);
  useEffect(() => {
    if (paymentReturn === null || handledReturn.current === paymentReturn.paymentIntent) return;
    handledReturn.current = paymentReturn.paymentIntent;
    sessionStorage.setItem(paymentSessionKeys.paymentIntent, paymentReturn.paymentIntent);
    if (paymentReturn.clientSecret !== null) sessionStorage.setItem(paymentSessionKeys.clientSecret, paymentReturn.clientSecret);
    onReturnRead();
    processing();
    const forget = () => {
      for (const key of Object.values(paymentSessionKeys)) sessionStorage.removeItem(key);
    };
    apiFetch<PurchaseAnswer>(`/api/payments/confirm?payment_intent=${encodeURIComponent(paymentReturn.paymentIntent)}`).then(
      (answer) => {
        if (answer.success && wasCredited(paymentReturn.paymentIntent)) {
          // An old return address opened again: the credits came once, and the page says so rather than celebrating twice.
          forget();
          const added = answer.credits;
          toast({ title: 'Already credited', description: `This payment's ${creditsLabel(added)} ${added === 1 ? 'was' : 'were'} already added to your account.` });
        } else if (answer.success) {
          forget();
          rememberCredited(paymentReturn.paymentIntent);
          celebrate(answer.credits, answer.balance);
          later(USER_REFRESH_DELAY_MS, () => void queryClient.invalidateQueries({ queryKey: queryKeys.user, exact: true }));
        } else if (answer.status === 'requires_payment_method') {
          forget();
          paymentFailed(answer);
        }
        // Anything else is still processing: its toast stays, and the webhook settles it.
      },
      () => {
        toast({ variant: 'destructive', title: 'Payment verification failed', description: "Please contact support if your credits don't appear" });
      },
    );
    // Runs once per returned intent; the handlers only read stable setters and the query client.
  }, [paymentReturn]);

  const choose = (pkg: CreditPackage) => {
    setChosen(pkg);
    setConfirming(true);
  };

  return (
    <main className="mx-auto grid w-full max-w-5xl flex-1 content-start gap-8 px-4 py-8 sm:px-6 lg:py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-2">
          <h1 className="text-3xl font-bold tracking-tight">Buy Credits</h1>
          <p className="text-muted-foreground">
            Each bid costs 1 credit. Choose a package; {hasPaymentMethod ? 'your saved card is charged once you confirm.' : 'you add a card before you confirm.'}
          </p>
        </div>
        <div className="flex items-center gap-3 rounded-xl border border-border bg-card px-4 py-3 shadow-sm">
          <span className="flex size-9 items-center justify-center rounded-full bg-brand-soft text-brand-hover" aria-hidden="true">
            <CoinsIcon className="size-4" />
          </span>
          <div>
            <p className="text-xs text-muted-foreground">Your balance</p>
            <p className="text-lg font-bold leading-tight tabular-nums" data-testid="store-balance">
              {creditsLabel(credits)}
            </p>
          </div>
        </div>
      </div>

      <ul className="grid gap-6 pt-3 md:grid-cols-3" aria-label="Credit packages">
        {CREDIT_PACKAGES.map((pkg) => (
          <li key={pkg.id}>
            <PackageCard pkg={pkg} onChoose={() => choose(pkg)} />
          </li>
        ))}
      </ul>

      <p className="flex items-start gap-2 text-sm text-muted-foreground">
        <CreditCardIcon className="mt-0.5 size-4 shrink-0" />
        {hasPaymentMethod ? (
          <span>Purchases are charged to the card saved on your profile.</span>
        ) : (
          <span>
            No card saved yet: you will be asked to add one when you buy, or add it now on{' '}
            <Link to="/realtor-profile" className="font-medium text-foreground underline underline-offset-4">
              your profile
            </Link>
            .
          </span>
        )}
      </p>

      <Dialog open={confirming} onOpenChange={(open) => !purchase.isPending && setConfirming(open)}>
        <DialogContent className="sm:max-w-md" data-testid="confirm-purchase-dialog">
          <DialogHeader>
            <DialogTitle>Confirm purchase</DialogTitle>
            <DialogDescription>
              {chosen === null ? '' : `Buy ${creditsLabel(chosen.credits)} for $${formatCents(chosen.price)}?`}{' '}
              {hasPaymentMethod ? 'Your saved card is charged once you confirm.' : 'No card is saved yet: you add one next, and it is charged once you confirm.'}
            </DialogDescription>
          </DialogHeader>
          {chosen !== null && (
            <dl className="grid grid-cols-[1fr_auto] gap-y-2 rounded-lg border border-border p-4 text-sm">
              <dt className="text-muted-foreground">Package</dt>
              <dd className="font-medium">{chosen.description}</dd>
              <dt className="text-muted-foreground">Credits</dt>
              <dd className="font-medium tabular-nums">{chosen.credits}</dd>
              {chosen.savings > 0 && (
                <>
                  <dt className="text-muted-foreground">You save</dt>
                  <dd className="font-medium text-emerald-700 tabular-nums">${formatCents(chosen.savings)}</dd>
                </>
              )}
              <dt className="border-t border-border pt-2 font-medium">Total</dt>
              <dd className="border-t border-border pt-2 text-base font-bold tabular-nums">${formatCents(chosen.price)}</dd>
            </dl>
          )}
          <DialogFooter>
            <Button variant="outline" disabled={purchase.isPending} onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button variant="brand" disabled={purchase.isPending || chosen === null} onClick={() => chosen !== null && purchase.mutate(chosen)}>
              {purchase.isPending && <Spinner size="sm" className="text-current" label="Processing purchase" />}
              Confirm purchase
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>

      <AddPaymentMethodDialog open={addingMethod} onOpenChange={setAddingMethod} onSaved={() => chosen !== null && setConfirming(true)} />

      <CardAuthenticationDialog payment={authentication} onClose={() => setAuthentication(null)} onResult={(answer) => handleAnswer(answer, chosen)} />

      <Dialog open={success !== null} onOpenChange={(open) => !open && setSuccess(null)}>
        <DialogContent className="sm:max-w-sm" data-testid="purchase-success-dialog">
          <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-50 text-emerald-700" aria-hidden="true">
            <CheckIcon className="size-7" />
          </div>
          {/* Centred throughout, on every width: DialogHeader and DialogFooter align left and right from sm up. */}
          <div className="grid gap-2 text-center">
            <DialogTitle>Purchase successful</DialogTitle>
            <DialogDescription>{success === null ? '' : `${creditsLabel(success.credits)} added to your account`}</DialogDescription>
          </div>
          <p className="text-center text-sm text-muted-foreground">
            Your balance is now <span className="font-semibold text-foreground tabular-nums">{creditsLabel(credits)}</span>.
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-center">
            <Button variant="outline" onClick={() => setSuccess(null)}>
              Done
            </Button>
            <Link to="/home" className={buttonVariants({ variant: 'brand' })}>
              Find listings to bid on
            </Link>
          </div>
        </DialogContent>
      </Dialog>
      {celebrating && <Confetti />}
    </main>
  );
}
