import { Link } from '@tanstack/react-router';
import { CREDIT_PACKAGES } from '../../../contract/payments/credit-packages';
import { cn } from '../../lib/cn';
import { signUpSearch, sitePaths } from '../../lib/site-paths';
import { buttonVariants } from '../../components/ui/button';
import { SectionHeading } from './section-heading';

// SPEC §9 "Packages", as the server sells them; the store sells them, this page only shows them.
const packages = CREDIT_PACKAGES.map(({ credits, price, savings, description, bestValue }) => ({
  credits,
  price: price / 100,
  note: savings > 0 ? `Save $${savings / 100}` : description,
  bestValue,
}));

export function CreditPackagesSection() {
  return (
    <section aria-labelledby="packages-title" className="bg-muted/50 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="packages-title" eyebrow="For realtors" title="Simple credit packages">
          One credit places one bid. Homeowners never pay to list.
        </SectionHeading>
        <ul className="mx-auto mt-12 grid max-w-5xl gap-6 md:grid-cols-3 md:items-stretch">
          {packages.map(({ credits, price, note, bestValue }) => (
            <li
              key={credits}
              className={cn(
                'relative flex flex-col rounded-2xl border bg-card p-6 text-center shadow-sm sm:p-8',
                bestValue ? 'border-brand ring-1 ring-brand md:-my-2 md:py-10' : 'border-border',
              )}
            >
              {bestValue && (
                <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-hover px-3 py-1 text-xs font-semibold text-white">
                  Best value
                </span>
              )}
              <h3 className="text-lg font-semibold">
                {credits} {credits === 1 ? 'credit' : 'credits'}
              </h3>
              <p className="mt-4 text-4xl font-extrabold tracking-tight">${price}</p>
              <p className="mt-1 text-sm text-muted-foreground">${Math.round(price / credits)} per bid</p>
              <p className={cn('mt-4 text-sm font-medium', credits > 1 ? 'text-emerald-700' : 'text-muted-foreground')}>{note}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 flex justify-center">
          <Link to={sitePaths.auth} search={signUpSearch('realtor')} className={buttonVariants({ variant: 'brand', size: 'lg' })}>
            Create a realtor account
          </Link>
        </div>
      </div>
    </section>
  );
}
