import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

// Plain table parts. Lists render this table from `md` up and a stack of cards below it.
export function Table({ className, ...props }: ComponentProps<'table'>) {
  return (
    <div className="-mx-4 -mt-4 overflow-x-auto sm:-mx-6 sm:-mt-6">
      <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={cn('h-10 whitespace-nowrap px-3 text-left align-middle text-xs font-medium uppercase tracking-wide text-muted-foreground first:pl-4 last:pr-4 sm:first:pl-6 sm:last:pr-6', className)}
      {...props}
    />
  );
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('border-t border-border transition-colors duration-1000 hover:bg-muted/50', className)} {...props} />;
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-3 py-3 align-middle first:pl-4 last:pr-4 sm:first:pl-6 sm:last:pr-6', className)} {...props} />;
}
