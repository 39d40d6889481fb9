import { lazy, Suspense, useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router';
import { GuestNav, Header } from '../components/header';
import { NOT_FOUND_TITLE, NotFound } from '../components/not-found';
import { Notifications } from '../components/ui/notifications';
import { usePageViewReporting } from '../features/analytics/page-views';
import { legalFooterLinks, legalPages } from '../features/legal/legal-pages';
import { SiteFooter } from '../features/marketing/site-footer';
import { userQueryOptions } from '../features/accounts/queries';
import { usePageSettled } from '../lib/page-settled';
import { SignedInNav, SignedInStatus } from '../features/accounts/signed-in-nav';
import type { RouterContext } from '../router-context';
import { PUBLIC_PAGES } from '../../contract/site-pages';

// Signed-in users only, so a visitor's first load carries no bell; its place is kept while it loads.
const NotificationBell = lazy(() => import('../features/notifications/notification-bell').then(({ NotificationBell }) => ({ default: NotificationBell })));

export const Route = createRootRouteWithContext<RouterContext>()({
  // The header shows who is signed in, so the session is read before the first
  // paint rather than swapping the nav afterwards. prefetchQuery never throws:
  // if the lookup fails the site still renders, as for a guest.
  beforeLoad: async ({ context, location }) => {
    if (!isAdminPath(location.pathname)) await context.queryClient.prefetchQuery(userQueryOptions());
  },
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const admin = isAdminPath(pathname);
  // The back office is not part of the public site's traffic.
  usePageViewReporting(admin ? null : pathname);
  useDocumentHead();
  const { data: user } = useQuery({ ...userQueryOptions(), enabled: !admin });
  return (
    <div className="flex min-h-dvh flex-col">
      {showsSiteHeader(pathname) && <SiteHeader />}
      <Outlet />
      {showsFooter(pathname) && <Footer />}
      {!admin && !isLegalPath(pathname) && <AgreementsGate />}
      <SettledNotifications eager={admin || user != null} />
    </div>
  );
}

function SiteHeader() {
  const { data: user, isPending } = useQuery(userQueryOptions());
  // Should the session still be loading, the nav stays empty rather than offering Login to a signed-in user.
  const nav = isPending ? null : user ? <SignedInNav user={user} /> : <GuestNav />;
  // The realtor's credits and the bell stay in the bar on every page, phones included (docs/decisions/0059, 0060).
  const status = user ? (
    <>
      <SignedInStatus user={user} />
      <Suspense fallback={<span aria-hidden="true" className="size-9 shrink-0" />}>
        <NotificationBell />
      </Suspense>
    </>
  ) : null;
  return <Header nav={nav} status={status} />;
}

function Footer() {
  const { data: user } = useQuery(userQueryOptions());
  return <SiteFooter legalLinks={legalFooterLinks} signedIn={user != null} />;
}

// A signed-in user with active documents not yet accepted (a new version) is
// asked to accept them before going on. The legal pages stay readable, so the
// prompt's "open in a new tab" links are not blocked by the prompt itself.
function AgreementsGate() {
  const { data: user } = useQuery(userQueryOptions());
  // Once the first page is shown (docs/decisions/0058); read here, so settling re-renders this alone, not the page.
  const settled = usePageSettled();
  if (user == null || !settled) return null;
  return (
    <Suspense fallback={null}>
      <PendingAgreementsPrompt documentHref={(type) => legalPages[type].path} />
    </Suspense>
  );
}

// The toast stack loads early only once the first page is shown; a toast before that still brings it at once.
function SettledNotifications({ eager }: { eager: boolean }) {
  const settled = usePageSettled();
  return <Notifications eager={eager && settled} />;
}

// Signed-in users only: a visitor's first load carries no dialog.
const PendingAgreementsPrompt = lazy(() =>
  import('../features/accounts/pending-agreements-dialog').then(({ PendingAgreementsPrompt }) => ({ default: PendingAgreementsPrompt })),
);

/**
 * Routes declare their <title> and description with `head`; this keeps the
 * document's tags in step on every navigation. A route without one gets its
 * entry in `fallbackTitles`, else index.html's tags, captured at start.
 */
function useDocumentHead(): void {
  // A string, so the layout re-renders only when the head changes.
  const head = useRouterState({
    select: (state) => {
      const declared = readHead(state.matches.flatMap((match) => (match.meta ?? []) as MetaTag[]));
      // No route matched (the router marks the match whose notFoundComponent shows): the tab says so, not the landing page's title.
      if (state.matches.some((match) => match._notFound === true || match.status === 'notFound')) return JSON.stringify({ title: NOT_FOUND_TITLE });
      return JSON.stringify({ title: declared.title ?? fallbackTitles[state.location.pathname], description: declared.description });
    },
  });
  useEffect(() => {
    const { title, description } = JSON.parse(head) as { title?: string; description?: string };
    const fallback = readDefaultHead();
    document.title = title ?? fallback.title;
    descriptionTag()?.setAttribute('content', description ?? fallback.description);
  }, [head]);
}

// Titles for pages whose routes declare no head yet; a route's own `head` wins.
const fallbackTitles: Partial<Record<string, string>> = {
  '/auth': PUBLIC_PAGES['/auth'].title,
  '/forgot-password': 'Forgot your password? · BidHome',
  '/reset-password': 'Reset your password · BidHome',
  '/home': 'Property Listings · BidHome',
  '/dashboard': 'Realtor Dashboard · BidHome',
  '/store': 'Credit Store · BidHome',
  '/realtor-profile': 'Your profile · BidHome',
  '/homeowner-profile': 'Your profile · BidHome',
  '/admin': 'Admin Portal · BidHome',
};

type MetaTag = Record<string, unknown> | undefined;

// The deepest route that sets a tag wins.
function readHead(meta: readonly MetaTag[]): { title?: string; description?: string } {
  const head: { title?: string; description?: string } = {};
  for (const tag of meta) {
    if (typeof tag?.title === 'string') head.title = tag.title;
    if (tag?.name === 'description' && typeof tag.content === 'string') head.description = tag.content;
  }
  return head;
}

const descriptionTag = () => document.querySelector('meta[name="description"]');
// Read on first use: the build's prerender (src/web/prerender.tsx) loads this module in Node, where there is no document.
let defaultHead: { title: string; description: string } | undefined;
function readDefaultHead(): { title: string; description: string } {
  defaultHead ??= { title: document.title, description: descriptionTag()?.getAttribute('content') ?? '' };
  return defaultHead;
}

// The landing page has its own hero navigation, and /admin has a separate shell (spec section 2).
function showsSiteHeader(pathname: string): boolean {
  return pathname !== '/' && !isAdminPath(pathname);
}

// The public pages carry the footer; signed-in screens and the portal do not.
function showsFooter(pathname: string): boolean {
  return pathname === '/' || pathname === '/about' || pathname === '/contact' || pathname === '/market' || isLegalPath(pathname);
}

function isLegalPath(pathname: string): boolean {
  return pathname.startsWith('/legal/');
}

function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}
