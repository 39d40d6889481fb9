import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { loginSchema } from '../../../contract/accounts/accounts';
import { Button } from '../../components/ui/button';
import { FormField } from './form-field';
import type { SubmitAction } from './submit-action';
import { useSchemaForm } from './use-schema-form';

// Spec section 9: the button's success state lasts 2 s.
const WELCOME_BACK_MS = 2_000;

export type LoginCredentials = { username: string; password: string };

export function LoginForm({ login }: { login: SubmitAction<LoginCredentials> }) {
  const form = useSchemaForm(loginSchema, { username: '', password: '' });
  const [welcomed, setWelcomed] = useState(false);

  useEffect(() => {
    if (!welcomed) return undefined;
    const timer = setTimeout(() => setWelcomed(false), WELCOME_BACK_MS);
    return () => clearTimeout(timer);
  }, [welcomed]);

  const onSubmit = form.handleSubmit(({ username, password }) => {
    login.mutate({ username, password }, { onSuccess: () => setWelcomed(true) });
  });

  return (
    <form className="grid gap-5" noValidate onSubmit={onSubmit}>
      <FormField label="Username or email" autoComplete="username" autoCapitalize="none" spellCheck={false} {...form.bind('username')} />
      <FormField
        label="Password"
        type="password"
        autoComplete="current-password"
        labelAside={
          <Link to="/forgot-password" className="text-xs font-medium text-brand-hover hover:underline">
            Forgot your password?
          </Link>
        }
        {...form.bind('password')}
      />
      {/* The darker brand shade: white on #E43C13 is 4.2:1, short of AA for this text size. */}
      <Button
        type="submit"
        variant="brand"
        size="lg"
        className="w-full bg-brand-hover! hover:bg-[#A12A0C]!"
        disabled={login.isPending || welcomed}
      >
        {login.isPending ? 'Logging in...' : welcomed ? 'Welcome back!' : 'Login'}
      </Button>
    </form>
  );
}
