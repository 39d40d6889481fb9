import { Link } from '@tanstack/react-router';
import { Logo } from '../../components/logo';
import { buttonVariants } from '../../components/ui/button';
import { sitePaths } from '../../lib/site-paths';

// Placeholder for the full landing page (value sections, how it works,
// packages, contact form, footer); the site header is deliberately absent here.
const highlights = ['Free for homeowners', 'Pre-vetted, experienced realtors', 'Bids within a two-week window'];

export function LandingHero() {
  return (
    <div className="relative isolate flex min-h-dvh flex-col overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-[36rem] bg-[radial-gradient(60rem_28rem_at_50%_-6rem,var(--color-brand-soft),transparent)]"
      />
      <div className="mx-auto flex h-16 w-full max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8">
        <Logo />
        <Link
          to={sitePaths.auth}
          className="rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground"
        >
          Login
        </Link>
      </div>

      <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col items-center justify-center px-4 pb-24 pt-12 text-center sm:px-6">
        <p className="mb-6 rounded-full border border-brand/20 bg-background/70 px-3 py-1 text-xs font-medium text-brand sm:text-sm">
          For homeowners and realtors
        </p>
        <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
          The easiest way to find the best realtors
        </h1>
        <p className="mt-6 max-w-xl text-lg text-pretty text-muted-foreground">
          List your property at no cost and receive bids from motivated, pre-vetted agents. Compare them side by
          side, then choose the one who fits.
        </p>
        <div className="mt-10 flex w-full flex-col items-center justify-center gap-3 sm:w-auto sm:flex-row">
          <Link to={sitePaths.auth} className={buttonVariants({ variant: 'brand', size: 'lg', className: 'w-full sm:w-auto' })}>
            Get Started
          </Link>
          <Link
            to={sitePaths.about}
            className={buttonVariants({ variant: 'outline', size: 'lg', className: 'w-full sm:w-auto' })}
          >
            Learn more
          </Link>
        </div>
        <ul className="mt-12 flex flex-col gap-3 text-sm text-muted-foreground sm:flex-row sm:gap-6">
          {highlights.map((text) => (
            <li key={text} className="flex items-center justify-center gap-2">
              <svg viewBox="0 0 20 20" className="size-4 text-brand" fill="currentColor" aria-hidden="true">
                <path
                  fillRule="evenodd"
                  d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
                  clipRule="evenodd"
                />
              </svg>
              {text}
            </li>
          ))}
        </ul>
      </main>
    </div>
  );
}
