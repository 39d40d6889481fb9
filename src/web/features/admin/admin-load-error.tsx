import { useEffect } from 'react';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { Button } from '../../components/ui/button';
import { AlertCircleIcon } from '../../components/ui/icons';

/** The admin lookup failed for a reason other than "signed out" (spec section 8). */
export function AdminLoadError(_props: ErrorComponentProps) {
  const router = useRouter();
  const queryErrorReset = useQueryErrorResetBoundary();
  useEffect(() => queryErrorReset.reset(), [queryErrorReset]);

  return (
    <main className="flex flex-1 items-center justify-center bg-muted/40 px-4 py-16">
      <div role="alert" className="flex max-w-sm flex-col items-center gap-4 text-center">
        <div className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <AlertCircleIcon className="size-6" />
        </div>
        <h1 className="text-xl font-semibold">Failed to fetch admin data</h1>
        <p className="text-sm text-muted-foreground">The admin portal could not reach the server. Check the connection and try again.</p>
        <Button variant="outline" onClick={() => void router.invalidate()}>
          Try again
        </Button>
      </div>
    </main>
  );
}
