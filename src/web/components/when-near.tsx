import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Shows `placeholder` until it comes within `margin` of the viewport, then
 * `children`: a part far below the fold (and the code behind it, when it is
 * lazy) loads as the visitor scrolls toward it, not with the first page.
 */
export function WhenNear({ children, placeholder, margin = '600px' }: { children: ReactNode; placeholder: ReactNode; margin?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (near || element === null) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: margin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);

  if (!near) return <div ref={ref}>{placeholder}</div>;
  return <Suspense fallback={placeholder}>{children}</Suspense>;
}
