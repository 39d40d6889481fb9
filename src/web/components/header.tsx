import { useRef, useState, type ReactNode } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { cn } from '../lib/cn';
import { sitePaths } from '../lib/site-paths';
import { Logo } from './logo';
import { buttonVariants } from './ui/button';
import { MenuIcon, XIcon } from './ui/shell-icons';

/**
 * The site header. Its `nav` (and `status`, kept in the bar on every width)
 * are chosen by the caller from the session, so this component knows nothing about users: GuestNav today; the homeowner nav (role
 * badge, Profile, logout) and the realtor nav (credits badge, Profile,
 * Dashboard, Store, logout) are built from HeaderLink / HeaderActions and
 * passed in the same way.
 */
export function Header({ nav = <GuestNav />, status }: { nav?: ReactNode; status?: ReactNode }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // Tied to the path it was opened on, so navigating closes the mobile menu without an effect.
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  const menuOpen = menuOpenedAt === pathname;
  const menuButton = useRef<HTMLButtonElement>(null);

  return (
    <header
      className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !menuOpen) return;
        setMenuOpenedAt(null);
        // The menu's links hide with it: focus goes back to the button that opened it.
        menuButton.current?.focus();
      }}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Logo />
        {/* What stays in the bar on every width, phones included (the realtor's credits), then the nav or its menu button. */}
        <div className="flex items-center gap-2 md:gap-3">
          {status}
          <button
            ref={menuButton}
            type="button"
            className={buttonVariants({ variant: 'ghost', size: 'icon', className: 'md:hidden' })}
            aria-expanded={menuOpen}
            aria-controls="site-nav"
            onClick={() => setMenuOpenedAt(menuOpen ? null : pathname)}
          >
            {menuOpen ? <XIcon className="size-5" /> : <MenuIcon className="size-5" />}
            <span className="sr-only">{menuOpen ? 'Close menu' : 'Open menu'}</span>
          </button>
          <nav
            id="site-nav"
            aria-label="Main"
            className={cn(
              // Phones: a panel under the bar; md and up: an inline row.
              'absolute inset-x-0 top-16 flex-col gap-1 border-b border-border bg-background px-4 pb-4 pt-2 shadow-md',
              'md:static md:flex md:flex-row md:items-center md:gap-1 md:border-0 md:bg-transparent md:p-0 md:shadow-none',
              menuOpen ? 'flex' : 'hidden',
            )}
          >
            {nav}
          </nav>
        </div>
      </div>
    </header>
  );
}

export function HeaderLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className={cn(
        'rounded-md px-3 py-2 text-base font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground md:text-sm',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        // Link marks the current page with data-status="active". This variant outranks
        // text-muted-foreground; a second plain colour class (activeProps) did not.
        'data-[status=active]:text-foreground',
      )}
      activeOptions={{ exact: true }}
    >
      {children}
    </Link>
  );
}

/** Badges and buttons at the end of the nav; on phones they sit below the links. */
export function HeaderActions({ children }: { children: ReactNode }) {
  return (
    <div className="mt-2 flex flex-col gap-2 border-t border-border pt-3 md:ml-3 md:mt-0 md:flex-row md:items-center md:border-0 md:pt-0">
      {children}
    </div>
  );
}

export function GuestNav() {
  return (
    <>
      <HeaderLink to={sitePaths.home}>Home</HeaderLink>
      <HeaderLink to={sitePaths.about}>About</HeaderLink>
      <HeaderLink to={sitePaths.market}>Market stats</HeaderLink>
      <HeaderLink to={sitePaths.contact}>Contact</HeaderLink>
      <HeaderActions>
        <Link to={sitePaths.auth} className={buttonVariants({ variant: 'brand', className: 'w-full md:w-auto' })}>
          Login
        </Link>
      </HeaderActions>
    </>
  );
}
