/*
 * The site's pages as the open web sees them, shared by the web client (each
 * route's `head`) and the server (the HTML's head before any script runs, the
 * status of an unknown path, robots.txt and sitemap.xml).
 */

export type PageHead = { title: string; description: string };

/** Public pages a search engine may list, with the head a link preview shows. */
export const PUBLIC_PAGES = {
  '/': {
    title: 'BidHome · The easiest way to find the best realtors',
    description: 'The easiest way to find the best realtors. List your property for free and receive bids from pre-vetted, experienced agents.',
  },
  '/about': {
    title: 'About · BidHome',
    description: 'BidHome lets homeowners list for free and receive bids from pre-vetted, experienced realtors. Learn how it works and who we are.',
  },
  '/contact': {
    title: 'Contact · BidHome',
    description: 'Questions about listing your home or bidding as a realtor? Send BidHome a message. Support replies within 24 hours.',
  },
  '/market': {
    title: 'Market stats by area · BidHome',
    description: 'How listings do on BidHome in each area over the last 30 and 90 days: listings, bids per listing and the median time to the first bid.',
  },
  '/auth': {
    title: 'Login or register · BidHome',
    description: 'Sign in to BidHome, or create a free account as a homeowner or a realtor.',
  },
  '/legal/terms-homeowners': {
    title: 'Terms of Service for homeowners · BidHome',
    description: 'The terms that apply when you list a property on BidHome and compare bids from realtors.',
  },
  '/legal/terms-realtors': {
    title: 'Terms of Service for realtors · BidHome',
    description: 'The terms that apply when you buy credits and bid to represent homeowners on BidHome.',
  },
  '/legal/privacy': {
    title: 'Privacy Policy · BidHome',
    description: 'How BidHome collects, uses and protects your personal information.',
  },
} as const satisfies Record<string, PageHead>;

export type PublicPath = keyof typeof PUBLIC_PAGES;

/** What a path no screen answers shows, in the tab and in the HTML the server sends with its 404. */
export const NOT_FOUND_HEAD: PageHead = {
  title: '404 Page Not Found · BidHome',
  description: 'This page does not exist on BidHome.',
};

/** A route's `head` for a public page. */
export function publicPageHead(path: PublicPath) {
  const { title, description } = PUBLIC_PAGES[path];
  return { meta: [{ title }, { name: 'description', content: description }] };
}

/**
 * Every path the web client has a screen for, as the route tree spells them
 * (`$name` is one path segment). Anything else is answered 404 with the
 * not-found page. A test holds this list to the generated route tree.
 */
export const APP_PATHS = [
  '/',
  '/about',
  '/admin',
  '/admin/$tab',
  '/admin/timeline/$kind/$id',
  '/auth',
  '/contact',
  '/dashboard',
  '/forgot-password',
  '/home',
  '/homeowner-profile',
  '/legal/privacy',
  '/legal/terms-homeowners',
  '/legal/terms-realtors',
  '/list-property',
  '/listing/$id',
  '/market',
  '/realtor-profile',
  '/reset-password',
  '/store',
] as const;

/** Paths no crawler should fetch: the back office, the API and the signed-in screens. */
export const CRAWL_DISALLOWED = [
  '/admin',
  '/api/',
  '/dashboard',
  '/home',
  '/homeowner-profile',
  '/list-property',
  '/listing/',
  '/realtor-profile',
  '/reset-password',
  '/store',
] as const;
