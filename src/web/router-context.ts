import type { QueryClient } from '@tanstack/react-query';

/** What every route's loader is given (the root route declares it; router.tsx provides it). Apart from router.tsx so the route tree does not import the router that imports it. */
export type RouterContext = { queryClient: QueryClient };
