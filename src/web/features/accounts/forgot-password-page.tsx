import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { forgotPasswordSchema } from '../../../contract/accounts/accounts';
import { Button, buttonVariants } from '../../components/ui/button';
import { CenteredCard, mailIcon } from './centered-card';
import { FormField } from './form-field';
import { PasswordFormShell } from './password-form-shell';
import { useForgotPassword } from './password-reset';
import { useSchemaForm } from './use-schema-form';

/** /forgot-password: the request state, then 'Check Your Email'. */
export function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const forgotPassword = useForgotPassword();
  const form = useSchemaForm(forgotPasswordSchema, { email: '' });

  if (sentTo !== null) {
    return (
      <CenteredCard
        icon={mailIcon}
        title="Check Your Email"
        description={
          <>
            If an account uses <span className="font-medium text-foreground">{sentTo}</span>, a link to reset its password is on
            its way. The link expires in 1 hour.
          </>
        }
      >
        <Link to="/auth" className={buttonVariants({ variant: 'brand', className: 'w-full' })}>
          Back to login
        </Link>
        <Button
          variant="ghost"
          className="w-full"
          onClick={() => {
            form.reset();
            setSentTo(null);
          }}
        >
          Use a different email
        </Button>
      </CenteredCard>
    );
  }

  return (
    <PasswordFormShell
      title="Forgot your password?"
      description="Enter the email address of your account and we will send you a link to reset your password."
      onSubmit={form.handleSubmit((data) => forgotPassword.mutate(data, { onSuccess: () => setSentTo(data.email) }))}
      submitLabel="Send reset link"
      pendingLabel="Sending..."
      pending={forgotPassword.isPending}
    >
      <FormField label="Email" type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...form.bind('email')} />
    </PasswordFormShell>
  );
}
