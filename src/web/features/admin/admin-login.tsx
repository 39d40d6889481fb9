import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { adminLoginSchema } from '../../../contract/admin/admins';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { ApiError, readErrorMessage } from '../../lib/api';
import { sitePaths } from '../../lib/site-paths';
import { useAdminLogin } from './session';
import { TextField } from '../../components/ui/form-field';
import { AlertCircleIcon, ShieldIcon } from '../../components/ui/icons';
import { validateForm, type FieldErrors } from './validation';

const INVALID_CREDENTIALS = 'Invalid credentials. Please try again.';

export function AdminLogin() {
  const login = useAdminLogin();
  const [values, setValues] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<'username' | 'password'>>({});

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validateForm(adminLoginSchema, values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    login.mutate(result.data);
  }

  return (
    <main className="flex flex-1 items-center justify-center bg-muted/40 px-4 py-12">
      <Card className="w-full max-w-sm">
        <CardHeader className="items-center text-center">
          <div className="mb-2 flex size-12 items-center justify-center rounded-xl bg-brand text-brand-foreground" aria-hidden="true">
            <ShieldIcon className="size-6" />
          </div>
          <h1 className="text-xl font-semibold leading-none tracking-tight">Admin Portal</h1>
          <CardDescription>Sign in with your administrator account.</CardDescription>
        </CardHeader>
        <CardContent>
          <form className="grid gap-4" noValidate onSubmit={submit}>
            {login.isError && (
              <div
                role="alert"
                className="flex items-start gap-2 rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2.5 text-sm text-destructive"
              >
                <AlertCircleIcon className="mt-0.5 size-4 shrink-0" />
                <span>{describeLoginError(login.error)}</span>
              </div>
            )}
            <TextField
              label="Username"
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={values.username}
              error={errors.username}
              onChange={(event) => setValues({ ...values, username: event.target.value })}
            />
            <TextField
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              value={values.password}
              error={errors.password}
              onChange={(event) => setValues({ ...values, password: event.target.value })}
            />
            <Button type="submit" variant="brand" className="mt-2 w-full" disabled={login.isPending}>
              {login.isPending && <Spinner size="sm" label="Signing in" className="text-current" />}
              Sign in
            </Button>
          </form>
          <p className="mt-6 text-center text-sm text-muted-foreground">
            <Link to={sitePaths.home} className="underline-offset-4 hover:text-foreground hover:underline">
              Back to the site
            </Link>
          </p>
        </CardContent>
      </Card>
    </main>
  );
}

// Wrong credentials (and a deactivated account) read as the spec's banner; a
// rate limit or an outage says what it is, so the admin does not retype a correct password.
function describeLoginError(error: Error): string {
  if (error instanceof ApiError && (error.status === 401 || error.status === 400 || error.status === 403)) return INVALID_CREDENTIALS;
  if (error instanceof ApiError) return readErrorMessage(error);
  return 'Network error. Please try again';
}
