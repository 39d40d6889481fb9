import { useState, type FormEvent } from 'react';
import { adminUserUpdateSchema } from '../../../../contract/admin/admins';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { formatCount } from '../format';
import { useUpdateUser } from '../mutations';
import { useLastPresent } from '../use-last-present';
import { TextField } from '../../../components/ui/form-field';
import { validateForm, type FieldErrors } from '../validation';
import type { ManagedUserView } from '../../../../contract/admin/admins';

export function EditUserDialog({ user, onClose }: { user: ManagedUserView | null; onClose: () => void }) {
  const shown = useLastPresent(user);
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {/* The content unmounts when closed, so each opening starts from empty fields. */}
        {shown !== null && <EditUserForm key={shown.id} user={shown} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function EditUserForm({ user, onDone }: { user: ManagedUserView; onDone: () => void }) {
  const update = useUpdateUser();
  const [values, setValues] = useState({ credits: '', reason: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<'credits' | 'reason' | 'password'>>({});
  const nothingToSave = values.credits.trim() === '' && values.password === '';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validateForm(adminUserUpdateSchema, values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    const { credits, reason, password } = result.data;
    // The balance shown is sent along: when a purchase or refund moved it meanwhile, the server changes nothing (409).
    const creditsUpdate = credits === undefined ? {} : { credits, expectedCredits: user.credits, ...(reason === undefined ? {} : { reason }) };
    update.mutate({ userId: user.id, update: { ...creditsUpdate, ...(password === undefined ? {} : { password }) } }, { onSuccess: onDone });
  }

  return (
    <form className="grid gap-4" noValidate onSubmit={submit}>
      <DialogHeader>
        <DialogTitle>Edit user</DialogTitle>
        <DialogDescription>
          {user.name} · {user.email}
        </DialogDescription>
      </DialogHeader>
      {/* Only realtors spend credits; the server refuses a balance on anyone else. */}
      {user.role === 'realtor' && (
        <>
          <TextField
            label="Credits"
            name="credits"
            inputMode="numeric"
            autoComplete="off"
            hint={`Currently ${formatCount(user.credits)}. Leave empty to keep.`}
            value={values.credits}
            error={errors.credits}
            onChange={(event) => setValues({ ...values, credits: event.target.value })}
          />
          <TextField
            label="Reason"
            name="reason"
            autoComplete="off"
            hint="Optional. Shown to the user on their credit statement, e.g. 'goodwill: listing photos issue'."
            value={values.reason}
            error={errors.reason}
            onChange={(event) => setValues({ ...values, reason: event.target.value })}
          />
        </>
      )}
      <TextField
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters. Leave empty to keep the current password."
        value={values.password}
        error={errors.password}
        onChange={(event) => setValues({ ...values, password: event.target.value })}
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="brand" disabled={nothingToSave || update.isPending}>
          {update.isPending && <Spinner size="sm" label="Saving" className="text-current" />}
          Save changes
        </Button>
      </DialogFooter>
    </form>
  );
}
