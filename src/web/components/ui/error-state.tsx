import { Button } from './button';
import { readErrorMessage } from '../../lib/api';
import { AlertCircleIcon } from './icons';

/** A failed read, with the reason and a way to try again. */
export function ErrorState({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-destructive/30 bg-destructive/5 px-6 py-10 text-center">
      <AlertCircleIcon className="size-6 text-destructive" />
      <p className="font-medium">{title}</p>
      <p className="max-w-md break-words text-sm text-muted-foreground">{readErrorMessage(error)}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
