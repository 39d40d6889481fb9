import { creditsLabel, formatCents, type CreditPackage } from '../../../contract/payments/credit-packages';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { cn } from '../../lib/cn';

/** One credit package on /store: its price, its price per bid, what it saves, and the button that chooses it. */
export function PackageCard({ pkg, onChoose }: { pkg: CreditPackage; onChoose: () => void }) {
  const dollars = pkg.price / 100;
  return (
    <Card
      className={cn('relative flex h-full flex-col', pkg.bestValue && 'border-brand ring-1 ring-brand')}
      data-testid={`package-${pkg.credits}`}
    >
      {pkg.bestValue && (
        <span className="absolute -top-3 left-1/2 -translate-x-1/2 whitespace-nowrap rounded-full bg-brand-hover px-3 py-1 text-xs font-semibold text-brand-foreground">
          Best value
        </span>
      )}
      <CardHeader className="items-center pt-8 text-center">
        <CardTitle className="text-lg">
          {pkg.credits} {pkg.credits === 1 ? 'Credit' : 'Credits'}
        </CardTitle>
        <CardDescription>{pkg.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid flex-1 content-start justify-items-center gap-2 text-center">
        <p className="text-4xl font-extrabold tracking-tight tabular-nums">${Number.isInteger(dollars) ? dollars : formatCents(pkg.price)}</p>
        <p className="text-sm text-muted-foreground">${formatCents(Math.round(pkg.price / pkg.credits))} per bid</p>
        {pkg.savings > 0 ? (
          <Badge variant="success">Save ${Number.isInteger(pkg.savings / 100) ? pkg.savings / 100 : formatCents(pkg.savings)}</Badge>
        ) : (
          <Badge variant="muted">Pay as you go</Badge>
        )}
      </CardContent>
      <CardFooter>
        <Button variant={pkg.bestValue ? 'brand' : 'outline'} className="w-full" onClick={onChoose}>
          Buy {creditsLabel(pkg.credits)}
        </Button>
      </CardFooter>
    </Card>
  );
}
