import { useEffect, useRef } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { HomeIcon, SearchIcon } from '../../../components/ui/icons';
import type { ListingSearch } from '../../../../contract/listings/listing-search';
import { listingSearchQueryOptions } from '../search/listing-search-query';
import { formatNumber } from '../../../lib/plain-format';
import { isFiltered } from '../search/search-params';
import { usePastFirstPass } from '../../../lib/first-pass';
import { PropertyCard } from './property-card';

/** How many cards the server renders on /home (its first screen: two rows of the widest grid), and the client first. */
export const FIRST_SCREEN_CARDS = 8;

/**
 * The /home grid of the listings matching `search`: their count, then 1/2/3/4
 * columns, more pages as the user nears the end (or presses 'Load more').
 */
export function PropertyGrid({ search = {}, onReset }: { search?: ListingSearch; onReset?: () => void }) {
  const query = useInfiniteQuery(listingSearchQueryOptions(search));
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const sentinel = useRef<HTMLDivElement>(null);
  // The first render shows the first screen's cards, as the server did; the rest follow in a transition.
  const pastFirstPass = usePastFirstPass();

  useEffect(() => {
    const target = sentinel.current;
    // Not while the first pass shows only the first screen's cards: the end of the list would be in view, and load a page nobody asked for.
    if (!pastFirstPass || target === null || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      // A screen ahead, so the next page is usually there before the user reaches it.
      { rootMargin: '600px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [pastFirstPass, hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isPending) {
    return (
      <div className="flex justify-center py-24">
        <Spinner size="lg" label="Loading properties" />
      </div>
    );
  }
  if (query.isError) return <ErrorState title="Failed to load properties" error={query.error} onRetry={() => void query.refetch()} />;

  const allProperties = query.data.pages.flatMap((page) => page.properties);
  const properties = pastFirstPass ? allProperties : allProperties.slice(0, FIRST_SCREEN_CARDS);
  const total = query.data.pages[0]?.total ?? allProperties.length;
  // Previous results stay, dimmed, while another search's first page loads.
  const updating = query.isPlaceholderData;
  const count = (
    <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status" data-testid="listing-count">
      {total === 1 ? '1 listing' : `${formatNumber(total)} listings`}
      {updating && <Spinner size="sm" label="Updating listings" />}
    </p>
  );
  if (properties.length === 0) {
    return isFiltered(search) ? (
      <div className="grid gap-4">
        {count}
        <NoMatches onReset={onReset} />
      </div>
    ) : (
      <EmptyListings />
    );
  }

  return (
    <div className="grid gap-4">
      {count}
      <ul
        className={`grid grid-cols-1 gap-6 transition-opacity md:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4 ${updating ? 'opacity-60' : ''}`}
        aria-label="Properties"
        aria-busy={updating}
      >
        {properties.map((property, index) => (
          <li key={property.id} className="grid">
            {/* The first card is the one every screen shows at once; the others load as they near the viewport. */}
            <PropertyCard property={property} priority={index === 0} />
          </li>
        ))}
      </ul>
      <div ref={sentinel} className="flex min-h-12 justify-center">
        {isFetchingNextPage ? (
          <Spinner label="Loading more properties" />
        ) : hasNextPage ? (
          <Button variant="outline" onClick={() => void fetchNextPage()}>
            Load more
          </Button>
        ) : null}
      </div>
      {query.isFetchNextPageError && (
        <p role="alert" className="text-center text-sm text-destructive">
          Failed to load more properties. Try again.
        </p>
      )}
    </div>
  );
}

function NoMatches({ onReset }: { onReset: (() => void) | undefined }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-border px-6 py-16 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-neutral-600 [&_svg]:size-7" aria-hidden="true">
        <SearchIcon />
      </span>
      <h2 className="text-lg font-semibold">No listings match these filters</h2>
      <p className="max-w-sm text-sm text-neutral-600">Try another place, fewer rooms or any bidding state.</p>
      {onReset && (
        <Button variant="outline" onClick={onReset}>
          Reset filters
        </Button>
      )}
    </div>
  );
}

function EmptyListings() {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-border px-6 py-20 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand [&_svg]:size-7" aria-hidden="true">
        <HomeIcon />
      </span>
      <h2 className="text-lg font-semibold">No Properties Yet</h2>
      <p className="max-w-sm text-sm text-neutral-600">Be the first to showcase your property on our platform</p>
    </div>
  );
}
