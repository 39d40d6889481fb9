import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { creditPackages } from './credit-packages';

/** /store: the packages and the balance. Buying by card arrives with the credits issue. */
export function CreditStore({ credits }: { credits: number }) {
  return (
    <main className="mx-auto grid w-full max-w-5xl flex-1 content-start gap-8 px-4 py-8 sm:px-6 lg:py-12">
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Buy Credits</h1>
        <p className="text-muted-foreground">
          Each bid costs 1 credit. You have <span className="font-semibold text-foreground">{credits}</span>{' '}
          {credits === 1 ? 'credit' : 'credits'}.
        </p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-3">
        {creditPackages.map(({ credits: amount, priceDollars, note, bestValue }) => (
          <li key={amount}>
            <Card className={cn('relative h-full', bestValue && 'border-brand ring-1 ring-brand')}>
              {bestValue && (
                <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand px-3 py-1 text-xs font-semibold text-brand-foreground">
                  Best value
                </span>
              )}
              <CardHeader className="items-center text-center">
                <CardTitle className="text-lg">
                  {amount} {amount === 1 ? 'Credit' : 'Credits'}
                </CardTitle>
                <CardDescription>{note}</CardDescription>
              </CardHeader>
              <CardContent className="grid justify-items-center gap-1 text-center">
                <p className="text-4xl font-extrabold tracking-tight">${priceDollars}</p>
                <p className="text-sm text-muted-foreground">${(priceDollars / amount).toFixed(2)} per bid</p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted-foreground">Card payments are not open yet, so packages cannot be bought here today.</p>
    </main>
  );
}
