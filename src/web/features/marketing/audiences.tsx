import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { buttonVariants } from '../../components/ui/button';
import { CheckIcon } from '../../components/ui/shell-icons';
import { signUpSearch, sitePaths } from '../../lib/site-paths';
import { SectionHeading } from './section-heading';

type Audience = { title: string; lead: string; points: string[]; action: string; role: 'homeowner' | 'realtor'; icon: ReactNode };

// SPEC §1: what each side gets.
const audiences: Audience[] = [
  {
    title: 'For homeowners',
    lead: 'Let the best local agents come to you.',
    points: [
      'List your property at no cost',
      'Only pre-vetted, experienced realtors can bid',
      'See each realtor’s profile with their bid',
      'Contact details stay private until bidding closes',
    ],
    action: 'List your property',
    role: 'homeowner',
    icon: <path d="M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />,
  },
  {
    title: 'For realtors',
    lead: 'Win listings from homeowners who are ready to move.',
    points: [
      'Bid on new listings as soon as they go live',
      'Pay per bid: 1 credit for each bid you place',
      'Show your experience, service areas and specialties',
      'Track your bids and achievements on your dashboard',
    ],
    action: 'Start bidding',
    role: 'realtor',
    icon: (
      <>
        <rect x="2" y="7" width="20" height="14" rx="2" />
        <path d="M16 7V5a2 2 0 0 0-2-2h-4a2 2 0 0 0-2 2v2M2 13h20" />
      </>
    ),
  },
];

export function AudiencesSection() {
  return (
    <section aria-labelledby="audiences-title" className="bg-muted/50 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="audiences-title" eyebrow="Why BidHome" title="Built for both sides of the deal">
          Homeowners get competing offers of representation. Realtors get motivated sellers.
        </SectionHeading>
        <div className="mt-12 grid gap-6 md:grid-cols-2">
          {audiences.map(({ title, lead, points, action, role, icon }) => (
            <article key={title} className="flex flex-col rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8">
              <span className="flex size-11 items-center justify-center rounded-xl bg-brand-soft text-brand-hover" aria-hidden="true">
                <svg
                  viewBox="0 0 24 24"
                  className="size-5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                >
                  {icon}
                </svg>
              </span>
              <h3 className="mt-5 text-xl font-bold tracking-tight">{title}</h3>
              <p className="mt-2 text-muted-foreground">{lead}</p>
              <ul className="mt-6 flex flex-1 flex-col gap-3">
                {points.map((point) => (
                  <li key={point} className="flex gap-3 text-sm">
                    <CheckIcon className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                    {point}
                  </li>
                ))}
              </ul>
              <Link to={sitePaths.auth} search={signUpSearch(role)} className={buttonVariants({ variant: 'outline', className: 'mt-8 self-start' })}>
                {action}
              </Link>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
