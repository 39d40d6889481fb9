import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { formatCount } from '../format';
import type { PageCount } from './queries';

const SHOWN_AT_FIRST = 8;

export function TopPages({ pages }: { pages: PageCount[] }) {
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? pages : pages.slice(0, SHOWN_AT_FIRST);
  const max = Math.max(1, ...pages.map((page) => page.views));
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <h3 className="text-sm font-semibold">Top pages</h3>
      <table className="w-full table-fixed text-sm">
        <thead>
          <tr className="text-left text-xs uppercase tracking-wide text-muted-foreground">
            <th scope="col" className="pb-2 font-medium">
              Page
            </th>
            <th scope="col" className="w-16 pb-2 text-right font-medium">
              Views
            </th>
            <th scope="col" className="w-20 pb-2 text-right font-medium">
              Visitors
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((page) => (
            <tr key={page.path} className="border-t border-border" data-testid="top-page">
              <td className="py-2 pr-4">
                <span className="block truncate font-mono text-xs" title={page.path}>
                  {page.path}
                </span>
                {/* A thin bar under the path shows its share of the top page's views at a glance. */}
                <span aria-hidden="true" className="mt-1 block h-1 rounded-full bg-brand-soft">
                  <span className="block h-full rounded-full bg-brand" style={{ width: `${(page.views / max) * 100}%` }} />
                </span>
              </td>
              <td className="py-2 text-right tabular-nums">{formatCount(page.views)}</td>
              <td className="py-2 text-right tabular-nums">{formatCount(page.visitors)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {pages.length > SHOWN_AT_FIRST && (
        <Button variant="ghost" size="sm" className="self-start" onClick={() => setShowAll(!showAll)} aria-expanded={showAll}>
          {showAll ? 'Show fewer' : `Show all ${formatCount(pages.length)} pages`}
        </Button>
      )}
    </div>
  );
}
