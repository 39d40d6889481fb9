import { Link } from '@tanstack/react-router';
import { Logo } from '../../components/logo';
import { buttonVariants } from '../../components/ui/button';
import { signUpSearch, sitePaths } from '../../lib/site-paths';

// SPEC §1: the tagline and the claims the product makes to both sides.
const highlights = ['Free for homeowners', 'Pre-vetted, experienced realtors', 'Bids within a two-week window'];

const topLinks: ReadonlyArray<{ to: string; label: string }> = [
  { to: sitePaths.about, label: 'About' },
  { to: sitePaths.market, label: 'Market stats' },
  { to: sitePaths.contact, label: 'Contact' },
];

/** The landing page's own top bar: the site header is deliberately absent on /. */
export function LandingNav() {
  return (
    <nav aria-label="Main" className="mx-auto flex h-16 w-full max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
      <Logo />
      <div className="flex items-center gap-1">
        {topLinks.map(({ to, label }) => (
          <Link
            key={to}
            to={to}
            className="hidden rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:inline-flex"
          >
            {label}
          </Link>
        ))}
        <Link
          to={sitePaths.auth}
          className="rounded-md px-3 py-2 text-sm font-medium text-foreground transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          Login
        </Link>
      </div>
    </nav>
  );
}

export function LandingHero() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col items-center px-4 pb-20 pt-14 text-center sm:px-6 sm:pb-28 sm:pt-20">
      <p className="mb-6 rounded-full border border-brand/20 bg-background/70 px-3 py-1 text-xs font-medium text-brand-hover sm:text-sm">
        For homeowners and realtors
      </p>
      <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
        The easiest way to find the best realtors
      </h1>
      <p className="mt-6 max-w-xl text-lg text-pretty text-muted-foreground">
        List your property at no cost and receive bids from motivated, pre-vetted agents. Compare them side by side, then choose the one who
        fits.
      </p>
      <div className="mt-10 flex w-full flex-col items-center justify-center gap-3 sm:w-auto sm:flex-row">
        <Link to={sitePaths.auth} search={signUpSearch()} className={buttonVariants({ variant: 'brand', size: 'lg', className: 'w-full sm:w-auto' })}>
          Get Started
        </Link>
        <a href="#how-it-works" className={buttonVariants({ variant: 'outline', size: 'lg', className: 'w-full sm:w-auto' })}>
          See how it works
        </a>
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
    </div>
  );
}
