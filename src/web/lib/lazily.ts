/**
 * A value made on first use rather than when its module loads. For Intl formatters: building one costs several
 * milliseconds of main thread (more on a phone), and modules in the first page's scripts would otherwise build theirs
 * before anything shows, whether the page formats anything or not (docs/decisions/0058).
 */
export function lazily<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
