import { useId, type ComponentProps, type ReactNode } from 'react';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { cn } from '../../lib/cn';

type FormFieldProps = Omit<ComponentProps<typeof Input>, 'id'> & {
  label: ReactNode;
  /** Shown under the input until there is an error to show instead. */
  hint?: ReactNode;
  error?: string | undefined;
  /** Beside the label, right-aligned (a 'Forgot your password?' link, say). */
  labelAside?: ReactNode;
};

export function FormField({ label, hint, error, labelAside, className, ...inputProps }: FormFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const message = error ?? hint;
  return (
    <div className={cn('grid gap-2', className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      <Input
        id={id}
        aria-invalid={error !== undefined}
        aria-describedby={message === undefined ? undefined : messageId}
        {...inputProps}
      />
      {message !== undefined && (
        <p id={messageId} className={cn('text-xs', error === undefined ? 'text-muted-foreground' : 'font-medium text-destructive')}>
          {message}
        </p>
      )}
    </div>
  );
}
