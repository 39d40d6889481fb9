import { useState, type FormEvent } from 'react';
import { setAdminPasswordSchema } from '../../../../contract/admin/admins';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useChangeAdminPassword } from '../mutations';
import { useLastPresent } from '../use-last-present';
import type { Admin } from '../types';
import { TextField } from '../../../components/ui/form-field';
import { validateForm, type FieldErrors } from '../validation';

export function AdminPasswordDialog({ target, viewerId, onClose }: { target: Admin | null; viewerId: string; onClose: () => void }) {
  const shown = useLastPresent(target);
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>{shown !== null && <PasswordForm key={shown.id} target={shown} isSelf={shown.id === viewerId} onDone={onClose} />}</DialogContent>
    </Dialog>
  );
}

function PasswordForm({ target, isSelf, onDone }: { target: Admin; isSelf: boolean; onDone: () => void }) {
  const change = useChangeAdminPassword();
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'password'>>({});

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validateForm(setAdminPasswordSchema, { password });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    change.mutate({ adminId: target.id, password: result.data.password }, { onSuccess: onDone });
  }

  return (
    <form className="grid gap-4" noValidate onSubmit={submit}>
      <DialogHeader>
        <DialogTitle>Change password</DialogTitle>
        <DialogDescription>{isSelf ? 'Set a new password for your account.' : `Set a new password for ${target.name} (@${target.username}).`}</DialogDescription>
      </DialogHeader>
      <TextField
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters."
        value={password}
        error={errors.password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="brand" disabled={change.isPending}>
          {change.isPending && <Spinner size="sm" label="Saving" className="text-current" />}
          Update password
        </Button>
      </DialogFooter>
    </form>
  );
}
