import { useEffect, useRef } from 'react';
import type { InfiniteData } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { describeShown, listTotal } from './paged-list';

/** The parts of a `useInfiniteQuery(pagedListQuery(…))` result the footer reads. */
export type PagedQuery = {
  data: InfiniteData<{ items: unknown[]; total: number }> | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
};

/**
 * Under an admin list: how many of how many are shown, and the next page, loaded
 * when this footer scrolls into view or when 'Load more' is pressed.
 */
export function PagedListFooter({ query, noun }: { query: PagedQuery; noun: { one: string; many: string } }) {
  const { data, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const shown = data?.pages.reduce((count, page) => count + page.items.length, 0) ?? 0;
  const total = listTotal(data);
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = sentinel.current;
    // After a failed page the button stays, so scrolling does not retry in a loop.
    if (target === null || !hasNextPage || isFetchNextPageError || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  return (
    <div ref={sentinel} className="mt-4 flex flex-col items-center gap-2 text-sm text-muted-foreground">
      <p aria-live="polite">{describeShown(shown, total, noun)}</p>
      {isFetchingNextPage ? (
        <Spinner size="sm" label={`Loading more ${noun.many}`} />
      ) : hasNextPage ? (
        <Button variant="outline" size="sm" onClick={() => void fetchNextPage()}>
          Load more
        </Button>
      ) : null}
      {isFetchNextPageError && (
        <p role="alert" className="text-destructive">
          Failed to load more {noun.many}. Try again.
        </p>
      )}
    </div>
  );
}
