import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const sizes = { sm: 'size-4', md: 'size-6', lg: 'size-10' } as const;

export function Spinner({
  className,
  size = 'md',
  label = 'Loading',
  ...props
}: ComponentProps<'span'> & { size?: keyof typeof sizes; label?: string }) {
  return (
    <span role="status" data-slot="spinner" className={cn('inline-flex text-brand', className)} {...props}>
      <svg className={cn('animate-spin', sizes[size])} viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" className="opacity-20" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <span className="sr-only">{label}</span>
    </span>
  );
}
