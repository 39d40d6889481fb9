import type { FormEvent, ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Button } from '../../components/ui/button';
import { CenteredCard, keyIcon } from './centered-card';

/**
 * The frame of the forgot- and reset-password forms: the key card, the fields,
 * one submit button that says what it is doing while pending, and Back to login.
 */
export function PasswordFormShell({
  title,
  description,
  onSubmit,
  submitLabel,
  pendingLabel,
  pending,
  children,
}: {
  title: string;
  description: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  children: ReactNode;
}) {
  return (
    <CenteredCard icon={keyIcon} title={title} description={description}>
      <form className="grid gap-5" noValidate onSubmit={onSubmit}>
        {children}
        <Button type="submit" variant="brand" className="w-full" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </form>
      <Link to="/auth" className="text-center text-sm font-medium text-muted-foreground hover:text-foreground">
        Back to login
      </Link>
    </CenteredCard>
  );
}
