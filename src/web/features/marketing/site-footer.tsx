import { Link } from '@tanstack/react-router';
import { Logo } from '../../components/logo';
import { sitePaths } from '../../lib/site-paths';

type FooterLink = { to: string; label: string };

/**
 * The public pages' footer (SPEC §2: the landing page has one). The legal
 * links come from the route layout, which composes features; Login is for guests.
 */
export function SiteFooter({ legalLinks, signedIn }: { legalLinks: readonly FooterLink[]; signedIn: boolean }) {
  const companyLinks: FooterLink[] = [
    { to: sitePaths.about, label: 'About' },
    { to: sitePaths.market, label: 'Market stats' },
    { to: sitePaths.contact, label: 'Contact' },
    ...(signedIn ? [] : [{ to: sitePaths.auth, label: 'Login' }]),
  ];
  return (
    <footer className="border-t border-border bg-muted/40">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-10 px-4 py-12 sm:px-6 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)] lg:px-8">
        <div className="col-span-2 flex flex-col gap-3 md:col-span-1">
          <Logo />
          <p className="max-w-xs text-sm text-pretty text-muted-foreground">The easiest way to find the best realtors.</p>
        </div>
        <FooterColumn title="Company" links={companyLinks} />
        <FooterColumn title="Legal" links={legalLinks} />
      </div>
      <div className="border-t border-border">
        {/* The year of a page prerendered at build may be last year's: the client's render says the current one. */}
        <p className="mx-auto max-w-6xl px-4 py-6 text-xs text-muted-foreground sm:px-6 lg:px-8" suppressHydrationWarning>
          © {new Date().getFullYear()} BidHome. No tracking cookies: we count page views without identifying you.
        </p>
      </div>
    </footer>
  );
}

function FooterColumn({ title, links }: { title: string; links: readonly FooterLink[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold">{title}</h2>
      <ul className="mt-3 flex flex-col gap-2">
        {links.map(({ to, label }) => (
          <li key={to}>
            <Link
              to={to}
              className="rounded-sm text-sm text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
