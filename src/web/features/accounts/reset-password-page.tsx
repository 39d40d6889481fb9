import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { z } from 'zod';
import { PASSWORD_HINT, passwordSchema } from '../../../contract/accounts/accounts';
import { buttonVariants } from '../../components/ui/button';
import { alertIcon, CenteredCard, checkIcon } from './centered-card';
import { FormField } from './form-field';
import { PasswordFormShell } from './password-form-shell';
import { useResetPassword } from './password-reset';
import { useSchemaForm } from './use-schema-form';

// The confirmation never leaves the browser; the password follows the registration rules.
const resetFormSchema = z
  .object({
    password: passwordSchema,
    confirmPassword: z.string().min(1, 'Please confirm your new password'),
  })
  .refine((form) => form.password === form.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });

/** /reset-password?token=…: 'Invalid Reset Link' without a token, else the form, then the complete state. */
export function ResetPasswordPage({ token }: { token: string | undefined }) {
  const [complete, setComplete] = useState(false);

  if (token === undefined || token === '') {
    return (
      <CenteredCard
        icon={alertIcon}
        tone="destructive"
        title="Invalid Reset Link"
        description="This password reset link is incomplete. Reset links expire after 1 hour; request a new one to continue."
      >
        <Link to="/forgot-password" className={buttonVariants({ variant: 'brand', className: 'w-full' })}>
          Request a new link
        </Link>
        <Link to="/auth" className={buttonVariants({ variant: 'outline', className: 'w-full' })}>
          Back to login
        </Link>
      </CenteredCard>
    );
  }

  if (complete) {
    return (
      <CenteredCard
        icon={checkIcon}
        tone="success"
        title="Password reset complete"
        description="Your password has been changed. Log in with your new password."
      >
        <Link to="/auth" className={buttonVariants({ variant: 'brand', className: 'w-full' })}>
          Go to login
        </Link>
      </CenteredCard>
    );
  }

  return <ResetPasswordForm token={token} onComplete={() => setComplete(true)} />;
}

function ResetPasswordForm({ token, onComplete }: { token: string; onComplete: () => void }) {
  const resetPassword = useResetPassword();
  const form = useSchemaForm(resetFormSchema, { password: '', confirmPassword: '' });

  return (
    <PasswordFormShell
      title="Set a new password"
      description="Choose a new password for your account."
      onSubmit={form.handleSubmit(({ password }) => resetPassword.mutate({ token, password }, { onSuccess: onComplete }))}
      submitLabel="Reset password"
      pendingLabel="Resetting..."
      pending={resetPassword.isPending}
    >
      <FormField label="New password" type="password" autoComplete="new-password" hint={PASSWORD_HINT} {...form.bind('password')} />
      <FormField label="Confirm new password" type="password" autoComplete="new-password" {...form.bind('confirmPassword')} />
    </PasswordFormShell>
  );
}
