import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { forgotPasswordSchema } from '../../../contract/accounts';
import { Button, buttonVariants } from '../../components/ui/button';
import { CenteredCard, keyIcon, mailIcon } from './centered-card';
import { FormField } from './form-field';
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
    <CenteredCard
      icon={keyIcon}
      title="Forgot your password?"
      description="Enter the email address of your account and we will send you a link to reset your password."
    >
      <form
        className="grid gap-5"
        noValidate
        onSubmit={form.handleSubmit((data) => forgotPassword.mutate(data, { onSuccess: () => setSentTo(data.email) }))}
      >
        <FormField label="Email" type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...form.bind('email')} />
        <Button type="submit" variant="brand" className="w-full" disabled={forgotPassword.isPending}>
          {forgotPassword.isPending ? 'Sending...' : 'Send reset link'}
        </Button>
      </form>
      <Link to="/auth" className="text-center text-sm font-medium text-muted-foreground hover:text-foreground">
        Back to login
      </Link>
    </CenteredCard>
  );
}
