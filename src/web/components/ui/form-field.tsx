import { useId, type ComponentProps, type ReactNode } from 'react';
import { Input } from './input';
import { Label } from './label';
import { cn } from '../../lib/cn';

type FieldProps = {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
};

/** Label, control, hint and error wired together by ids, so screen readers read the error with the field. */
export function TextField({ label, error, hint, className, ...inputProps }: FieldProps & Omit<ComponentProps<'input'>, 'className'>) {
  const id = useId();
  // The error replaces the hint: both would say the same thing twice.
  const showHint = hint !== undefined && error === undefined;
  const describedBy = showHint ? `${id}-hint` : error !== undefined ? `${id}-error` : undefined;
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error !== undefined} aria-describedby={describedBy} {...inputProps} />
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

export function SelectField({
  label,
  error,
  hint,
  className,
  children,
  ...selectProps
}: FieldProps & Omit<ComponentProps<'select'>, 'className'>) {
  const id = useId();
  const showHint = hint !== undefined && error === undefined;
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        aria-invalid={error !== undefined}
        aria-describedby={error !== undefined ? `${id}-error` : showHint ? `${id}-hint` : undefined}
        className={cn(
          'h-9 w-full cursor-pointer rounded-md border border-input bg-background px-3 text-base shadow-xs md:text-sm',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background',
          'aria-invalid:border-destructive',
        )}
        {...selectProps}
      >
        {children}
      </select>
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
