import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { sitePaths } from '../../lib/site-paths';

// SPEC §1 and §9: the product's promises and numbers, stated as the product keeps them.
const facts = [
  { value: '$0', label: 'to list a property' },
  { value: '2 weeks', label: 'of bidding per listing' },
  { value: '1 credit', label: 'per realtor bid' },
  { value: '24 hours', label: 'for a reply from support' },
];

const principles = [
  {
    title: 'Homeowners decide',
    text: 'You see every bid with the realtor’s profile and choose when bidding closes. Realtors’ contact details stay hidden until then, so nobody is rushed.',
  },
  {
    title: 'Quality over volume',
    text: 'Only pre-vetted, experienced realtors can bid, and homeowners verify that they own what they list. Everyone on the marketplace is who they say they are.',
  },
  {
    title: 'Fair for agents',
    text: 'Realtors pay per bid, not per month. A credit buys a real chance at a listing from a homeowner who is ready to move.',
  },
];

/** /about: what BidHome is, plus the short inquiry form the route passes in (SPEC §2). */
export function AboutPage({ inquiryForm }: { inquiryForm: ReactNode }) {
  return (
    <main className="flex-1">
      <section className="mx-auto max-w-6xl px-4 pb-12 pt-12 sm:px-6 lg:px-8 lg:pt-20">
        <div className="max-w-3xl">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-hover">About BidHome</p>
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            The easiest way to find the best realtors
          </h1>
          <p className="mt-6 text-lg leading-8 text-pretty text-muted-foreground">
            Choosing who sells your home is one of the biggest decisions you make as a homeowner, yet most people pick the first agent they
            meet. BidHome turns that around: you list your property for free, and pre-vetted, experienced realtors bid for the chance to
            represent you.
          </p>
        </div>
        <dl className="mt-12 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {facts.map(({ value, label }) => (
            <div key={label} className="flex flex-col-reverse gap-1 rounded-2xl border border-border bg-card p-5 shadow-sm">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="text-2xl font-extrabold tracking-tight sm:text-3xl">{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="principles-title" className="bg-muted/50 py-16 sm:py-20">
        <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
          <h2 id="principles-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            What we stand for
          </h2>
          <div className="mt-8 grid gap-6 md:grid-cols-3">
            {principles.map(({ title, text }) => (
              <div key={title} className="rounded-2xl border border-border bg-card p-6 shadow-sm">
                <h3 className="text-lg font-semibold">{title}</h3>
                <p className="mt-2 text-sm leading-6 text-pretty text-muted-foreground">{text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="stay-in-touch-title" className="py-16 sm:py-20">
        <div className="mx-auto max-w-4xl px-4 sm:px-6 lg:px-8">
          <div className="rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-10">
            <h2 id="stay-in-touch-title" className="text-2xl font-bold tracking-tight">
              Want to hear more?
            </h2>
            <p className="mt-2 text-pretty text-muted-foreground">
              Leave your email and tell us who you are. We will send you what matters to you, and nothing else.
            </p>
            <div className="mt-6">{inquiryForm}</div>
          </div>
          <p className="mt-8 text-center text-sm text-muted-foreground">
            Ready now?{' '}
            <Link to={sitePaths.auth} className="font-medium text-brand-hover underline-offset-4 hover:underline">
              Create your free account
            </Link>{' '}
            or{' '}
            <Link to={sitePaths.contact} className="font-medium text-brand-hover underline-offset-4 hover:underline">
              send us a question
            </Link>
            .
          </p>
        </div>
      </section>
    </main>
  );
}
