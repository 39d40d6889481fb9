import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { PASSWORD_REQUIRED, USER_EXPORT_PATH } from '../../../contract/accounts/user-data';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { toast } from '../../components/ui/use-toast';
import { apiFetch, apiRequest, readErrorMessage } from '../../lib/api';
import { useRealtime } from '../../lib/realtime';
import { clearSessionData } from '../../lib/session-data';

/** Saves the export as the file the server names: bidhome-data-<date>.json. */
function saveJson(data: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `bidhome-data-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** "Your data" on both profile pages: download everything held about you, or delete the account (docs/decisions/0042). */
export function YourDataCard() {
  const [open, setOpen] = useState(false);
  const download = useMutation({
    mutationFn: () => apiFetch<unknown>(USER_EXPORT_PATH),
    onSuccess: (data) => {
      saveJson(data);
      toast({ title: 'Your data is downloaded', description: 'The file holds everything we keep about you.' });
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Download failed', description: readErrorMessage(error) }),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your data</CardTitle>
        <CardDescription>Download everything we hold about you as one file, or delete your account and your personal data for good.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row">
        <Button variant="outline" onClick={() => download.mutate()} disabled={download.isPending}>
          {download.isPending ? 'Preparing...' : 'Download my data'}
        </Button>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          Delete my account
        </Button>
      </CardContent>
      <DeleteAccountDialog open={open} onOpenChange={setOpen} />
    </Card>
  );
}

function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const queryClient = useQueryClient();
  const realtime = useRealtime();
  const navigate = useNavigate();
  const erase = useMutation({
    mutationFn: () => apiRequest('DELETE', '/api/user', { password }),
    onSuccess: async () => {
      onOpenChange(false);
      // To the landing page first: on a signed-in page the guard would send a signed-out visitor to /auth.
      await navigate({ to: '/' });
      // The server ended every session and cleared the cookie; the client forgets the person too.
      await clearSessionData(queryClient);
      realtime.reconnect();
      toast({ title: 'Your account is deleted', description: 'Your personal data has been erased.' });
    },
    onError: (failure) => setError(readErrorMessage(failure)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password === '') return setError(PASSWORD_REQUIRED);
    setError(undefined);
    erase.mutate();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setPassword('');
          setError(undefined);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <form className="grid gap-4" noValidate onSubmit={submit}>
          <DialogHeader>
            <DialogTitle>Delete your account?</DialogTitle>
            <DialogDescription>
              Your listings are withdrawn (bids on them are refunded), your profile, messages and files are erased, and you are signed out everywhere.
              Payments keep their amount and date, without your details. This cannot be undone.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={id}>Password</Label>
            <Input
              id={id}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              aria-invalid={error !== undefined}
              aria-describedby={error === undefined ? undefined : `${id}-error`}
            />
            {error !== undefined && (
              <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={erase.isPending}>
              {erase.isPending ? 'Deleting...' : 'Delete my account'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
