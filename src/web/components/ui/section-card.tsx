import type { ReactNode } from 'react';
import { Card } from './card';

/** A titled panel of the portal: heading, optional count and actions, then the content. */
export function SectionCard({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-border px-4 py-4 sm:px-6">
        <div className="min-w-0">
          <h2 className="text-base font-semibold">{title}</h2>
          {description !== undefined && <p className="text-sm text-muted-foreground">{description}</p>}
        </div>
        {actions}
      </div>
      <div className="p-4 sm:p-6">{children}</div>
    </Card>
  );
}
