import { useEffect, useRef } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { HomeIcon } from '../../../components/ui/icons';
import { propertyPagesQueryOptions } from '../queries';
import { PropertyCard } from './property-card';

/** The /home grid: 1/2/3/4 columns, more pages as the user nears the end (or presses 'Load more'). */
export function PropertyGrid() {
  const query = useInfiniteQuery(propertyPagesQueryOptions());
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = sentinel.current;
    if (target === null || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      // A screen ahead, so the next page is usually there before the user reaches it.
      { rootMargin: '600px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isPending) {
    return (
      <div className="flex justify-center py-24">
        <Spinner size="lg" label="Loading properties" />
      </div>
    );
  }
  if (query.isError) return <ErrorState title="Failed to load properties" error={query.error} onRetry={() => void query.refetch()} />;

  const properties = query.data.pages.flatMap((page) => page.properties);
  if (properties.length === 0) return <EmptyListings />;

  return (
    <div className="grid gap-6">
      <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label="Properties">
        {properties.map((property, index) => (
          <li key={property.id} className="grid">
            <PropertyCard property={property} priority={index < 4} />
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
