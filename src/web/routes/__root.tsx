import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router';
import { Header } from '../components/header';
import { NotFound } from '../components/not-found';
import { Toaster } from '../components/ui/toaster';
import type { RouterContext } from '../router';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <div className="flex min-h-dvh flex-col">
      {/* The signed-in header variants plug in here: read the session query and pass its nav. */}
      {showsSiteHeader(pathname) && <Header />}
      <Outlet />
      <Toaster />
    </div>
  );
}

// The landing page has its own hero navigation, and /admin has a separate shell (spec section 2).
function showsSiteHeader(pathname: string): boolean {
  return pathname !== '/' && pathname !== '/admin' && !pathname.startsWith('/admin/');
}
