import type { ReactNode } from 'react';

/** A table cell's name over a muted detail line (a realtor over their email, a listing over its location). */
export function NameCell({ name, detail, title, plain = false, children }: { name: ReactNode; detail: ReactNode; title?: string; plain?: boolean; children?: ReactNode }) {
  return (
    <>
      <div className={plain ? 'truncate' : 'truncate font-medium'} title={title}>
        {name}
      </div>
      <div className="truncate text-xs text-muted-foreground">{detail}</div>
      {children}
    </>
  );
}

/** The top of a phone card: the name over a muted line, and anything that follows them (a timeline link). */
export function CardTitle({ name, detail, children }: { name: ReactNode; detail: ReactNode; children?: ReactNode }) {
  return (
    <div className="min-w-0">
      <p className="truncate font-medium">{name}</p>
      <p className="truncate text-sm text-muted-foreground">{detail}</p>
      {children}
    </div>
  );
}
