import { useId, type ComponentProps, type ReactNode } from 'react';
import { Label } from '../../components/ui/label';
import { cn } from '../../lib/cn';

/** A labelled textarea in the style of components/ui/form-field, with its hint or error read with it. */
export function TextareaField({
  label,
  hint,
  error,
  className,
  ...props
}: Omit<ComponentProps<'textarea'>, 'id'> & { label: ReactNode; hint?: ReactNode; error?: string | undefined }) {
  const id = useId();
  const message = error ?? hint;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <textarea
        id={id}
        aria-invalid={error !== undefined}
        aria-describedby={message === undefined ? undefined : `${id}-message`}
        className={cn(
          'min-h-28 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs transition-colors md:text-sm',
          'placeholder:text-muted-foreground',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background',
          'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
          className,
        )}
        {...props}
      />
      {message !== undefined && (
        <p id={`${id}-message`} className={cn('text-xs', error === undefined ? 'text-muted-foreground' : 'font-medium text-destructive')}>
          {message}
        </p>
      )}
    </div>
  );
}
