import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { CreditCardIcon, PlusIcon } from '../../components/ui/icons';
import { CheckIcon } from '../../components/ui/shell-icons';
import { Spinner } from '../../components/ui/spinner';
import { AddPaymentMethodDialog } from './add-payment-method-dialog';
import { useRemovePaymentMethod } from './mutations';
import { paymentsConfigQuery } from './queries';
import type { SavedCard } from '../../../contract/payments/payments';

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', jcb: 'JCB', diners: 'Diners Club', unionpay: 'UnionPay' };

/** The provider's brand code as people write it ('visa' → 'Visa'); an unknown one as given. */
const brandName = (brand: string) => BRANDS[brand] ?? (brand === '' || brand === 'unknown' ? 'Card' : brand);

/** The Payment Methods card of /realtor-profile (SPEC §2): add a card, or remove the saved one. */
export function PaymentMethodCard({ hasPaymentMethod, card = null }: { hasPaymentMethod: boolean; card?: SavedCard | null }) {
  const [adding, setAdding] = useState(false);
  const remove = useRemovePaymentMethod();
  const config = useQuery(paymentsConfigQuery());

  return (
    <Card data-testid="payment-methods-card" data-has-payment-method={hasPaymentMethod}>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2 text-lg">
          Payment Methods
          {config.data?.mode === 'simulated' && <Badge variant="warning">Test mode</Badge>}
        </CardTitle>
        <CardDescription>The card used when you buy bid credits in the store.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-center gap-3 rounded-lg border border-border p-3">
          <span
            className={
              hasPaymentMethod
                ? 'flex size-10 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-emerald-700'
                : 'flex size-10 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground'
            }
            aria-hidden="true"
          >
            <CreditCardIcon className="size-5" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="font-medium" data-testid="saved-card">
              {!hasPaymentMethod ? 'No card saved' : card === null ? 'Card on file' : `${brandName(card.brand)} ending in ${card.last4}`}
            </p>
            <p className="text-sm text-muted-foreground">
              {hasPaymentMethod ? 'Credit purchases are charged to this card.' : 'Add a card to buy bid credits.'}
            </p>
          </div>
          {hasPaymentMethod && (
            <Badge variant="success">
              <CheckIcon />
              Saved
            </Badge>
          )}
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant={hasPaymentMethod ? 'outline' : 'brand'} onClick={() => setAdding(true)}>
            <PlusIcon />
            {hasPaymentMethod ? 'Replace card' : 'Add payment method'}
          </Button>
          {hasPaymentMethod && (
            <Button variant="ghost" className="text-destructive hover:text-destructive" disabled={remove.isPending} onClick={() => remove.mutate()}>
              {remove.isPending && <Spinner size="sm" className="text-current" label="Removing card" />}
              Remove card
            </Button>
          )}
        </div>
      </CardContent>
      <AddPaymentMethodDialog open={adding} onOpenChange={setAdding} />
    </Card>
  );
}
