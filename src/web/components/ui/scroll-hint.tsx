import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { cn } from '../../lib/cn';

/**
 * A row that scrolls sideways, with a fade on the edge that has more to show
 * (issue 27, item 6: the admin tab strip was cut on a phone with no sign it
 * scrolls). `children` gets the ref of the element that scrolls.
 */
export function ScrollHint({ children, fadeClassName }: { children: (ref: RefObject<HTMLDivElement | null>) => ReactNode; fadeClassName: string }) {
  const ref = useRef<HTMLDivElement | null>(null);
  const [more, setMore] = useState({ left: false, right: false });
  useEffect(() => {
    const row = ref.current;
    if (!row) return;
    const update = () => setMore({ left: row.scrollLeft > 1, right: row.scrollLeft + row.clientWidth < row.scrollWidth - 1 });
    update();
    row.addEventListener('scroll', update, { passive: true });
    const resized = new ResizeObserver(update);
    resized.observe(row);
    return () => {
      row.removeEventListener('scroll', update);
      resized.disconnect();
    };
  }, []);
  return (
    <div className="relative" data-scrolls-left={more.left} data-scrolls-right={more.right}>
      {children(ref)}
      <div aria-hidden="true" className={cn('pointer-events-none absolute inset-y-0 left-0 w-10 rounded-l-lg bg-gradient-to-r to-transparent transition-opacity', fadeClassName, more.left ? 'opacity-100' : 'opacity-0')} />
      <div aria-hidden="true" className={cn('pointer-events-none absolute inset-y-0 right-0 w-10 rounded-r-lg bg-gradient-to-l to-transparent transition-opacity', fadeClassName, more.right ? 'opacity-100' : 'opacity-0')} />
    </div>
  );
}
