import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { sitePaths } from '../../lib/site-paths';
import { AudiencesSection } from './audiences';
import { CreditPackagesSection } from './credit-packages';
import { HowItWorksSection } from './how-it-works';
import { LandingHero, LandingNav } from './landing-hero';

/**
 * / (SPEC §2): the hero, value for both sides, how it works, the credit
 * packages and a contact form. The route passes the form in (features stay
 * apart); the root layout adds the footer.
 */
export function LandingPage({ contactForm }: { contactForm: ReactNode }) {
  return (
    <div className="relative isolate flex flex-1 flex-col overflow-x-clip">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-[36rem] bg-[radial-gradient(60rem_28rem_at_50%_-6rem,var(--color-brand-soft),transparent)]"
      />
      <LandingNav />
      <main className="flex-1">
        <LandingHero />
        <AudiencesSection />
        <HowItWorksSection />
        <CreditPackagesSection />
        <section aria-labelledby="contact-title" className="py-20 sm:py-24">
          <div className="mx-auto grid max-w-6xl gap-10 px-4 sm:px-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-16 lg:px-8">
            <div>
              <p className="text-sm font-semibold uppercase tracking-wide text-brand-hover">Contact</p>
              <h2 id="contact-title" className="mt-2 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
                Questions? Talk to us.
              </h2>
              <p className="mt-4 text-lg text-pretty text-muted-foreground">
                Whether you are selling a home or growing your business as an agent, we are happy to help you get started.
              </p>
              <p className="mt-6 text-sm text-muted-foreground">
                Looking for a quick answer?{' '}
                <Link to={sitePaths.contact} className="font-medium text-brand-hover underline-offset-4 hover:underline">
                  Read the frequently asked questions
                </Link>
              </p>
            </div>
            <div className="rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8">{contactForm}</div>
          </div>
        </section>
      </main>
    </div>
  );
}
