// Pages that shared components link to. Plain strings on purpose: the router
// only type-checks literal paths of routes already registered, and these
// links are wired before (and independently of) the route files behind them.
export const sitePaths: { readonly home: string; readonly about: string; readonly contact: string; readonly auth: string; readonly market: string } = {
  home: '/',
  about: '/about',
  contact: '/contact',
  auth: '/auth',
  market: '/market',
};

/** The Register tab with the role chosen: what each sign-up call to action opens (`/auth?tab=register&role=…`). */
export const signUpSearch = (role?: 'homeowner' | 'realtor') => ({ tab: 'register' as const, ...(role ? { role } : {}) });
