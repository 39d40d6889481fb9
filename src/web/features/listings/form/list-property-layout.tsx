import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { BarChartIcon, ChevronLeftIcon } from '../../../components/ui/icons';
import { sitePaths } from '../../../lib/site-paths';

/** The 'List a property' page frame; the route puts the form, or the reason it is not open yet, inside. */
export function ListPropertyLayout({ children }: { children: ReactNode }) {
  return (
    <main className="mx-auto grid w-full max-w-3xl flex-1 content-start gap-6 px-4 py-8 sm:px-6 lg:py-12">
      <Link to="/homeowner-profile" className="inline-flex items-center gap-1 text-sm font-medium text-neutral-700 hover:text-foreground">
        <ChevronLeftIcon className="size-4" />
        My properties
      </Link>
      <div className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">List a property</h1>
        <p className="text-neutral-600">Describe your home, add photos and set the bidding terms. Realtors bid to represent you.</p>
        <Link to={sitePaths.market} className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-brand-hover underline-offset-2 hover:underline">
          <BarChartIcon className="size-4" />
          How listings do in your area
        </Link>
      </div>
      {children}
    </main>
  );
}
