import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Label } from './label';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        'min-h-24 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs transition-colors md:text-sm',
        'placeholder:text-muted-foreground',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background',
        'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
        className,
      )}
      {...props}
    />
  );
}

/** Label, textarea, hint and error wired together by ids, like TextField in form-field.tsx. */
export function TextareaField({
  label,
  hint,
  error,
  className,
  ...props
}: Omit<ComponentProps<'textarea'>, 'id'> & { label: string; hint?: ReactNode; error?: string | undefined }) {
  const id = useId();
  const showHint = hint !== undefined && error === undefined;
  const describedBy = showHint ? `${id}-hint` : error !== undefined ? `${id}-error` : undefined;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Textarea id={id} aria-invalid={error !== undefined} aria-describedby={describedBy} className={className} {...props} />
      {showHint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error !== undefined && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
