import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

// Spec section 1: the claims the product makes to both sides.
const claims: ReadonlyArray<{ title: string; text: string; icon: ReactNode }> = [
  {
    title: 'Only pre-vetted realtors',
    text: 'Only pre-vetted, experienced realtors can bid on your property.',
    icon: <path d="M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6zM9 12l2 2 4-4" />,
  },
  {
    title: 'List, then receive bids',
    text: 'List your property, then receive bids from motivated agents competing to represent you.',
    icon: <path d="M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />,
  },
  {
    title: 'Free for homeowners',
    text: 'Homeowners list at no cost. Realtors pay one credit per bid.',
    icon: <path d="M20 12v9H4v-9M2 7h20v5H2zM12 21V7M12 7H7.5a2.5 2.5 0 1 1 0-5C11 2 12 7 12 7zM12 7h4.5a2.5 2.5 0 1 0 0-5C13 2 12 7 12 7z" />,
  },
];

export function MarketingClaims({ className }: { className?: string }) {
  return (
    <section aria-labelledby="auth-claims-title" className={cn('flex flex-col gap-8', className)}>
      <div className="flex flex-col gap-3">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-hover">For homeowners and realtors</p>
        <h2 id="auth-claims-title" className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
          The easiest way to find the best realtors
        </h2>
        <p className="max-w-lg text-pretty text-muted-foreground">
          Put your listing in front of agents who compete for it, and choose the one who fits.
        </p>
      </div>
      <ul className="grid gap-5">
        {claims.map(({ title, text, icon }) => (
          <li key={title} className="flex gap-4">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-brand" aria-hidden="true">
              <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                {icon}
              </svg>
            </span>
            <div className="flex flex-col gap-1">
              <h3 className="font-semibold">{title}</h3>
              <p className="text-sm text-pretty text-muted-foreground">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
