import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const variantClasses = {
  neutral: 'border-border bg-secondary text-secondary-foreground',
  // The darker brand shade: the brand itself on brand-soft is 3.75:1, short of WCAG AA.
  brand: 'border-transparent bg-brand-soft text-brand-hover',
  success: 'border-transparent bg-emerald-50 text-emerald-700',
  warning: 'border-transparent bg-amber-50 text-amber-800',
  muted: 'border-border bg-background text-muted-foreground',
  danger: 'border-transparent bg-red-50 text-red-700',
} as const;

export type BadgeVariant = keyof typeof variantClasses;

export function Badge({ className, variant = 'neutral', ...props }: ComponentProps<'span'> & { variant?: BadgeVariant }) {
  return (
    <span
      data-slot="badge"
      className={cn(
        'inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium [&_svg]:size-3',
        variantClasses[variant],
        className,
      )}
      {...props}
    />
  );
}
