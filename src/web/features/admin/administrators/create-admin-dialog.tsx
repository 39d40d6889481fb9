import { useState, type FormEvent } from 'react';
import { CREATABLE_ADMIN_ROLES, createAdminSchema, type CreateAdminInput } from '../../../../contract/admin/admins';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { formatAdminRole } from '../format';
import { useCreateAdmin } from '../mutations';
import { SelectField, TextField } from '../../../components/ui/form-field';
import { validateForm, type FieldErrors } from '../validation';

type Values = { username: string; password: string; name: string; email: string; role: CreateAdminInput['role'] };
const EMPTY: Values = { username: '', password: '', name: '', email: '', role: 'admin' };

export function CreateAdminDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* The content unmounts when closed, so each opening starts from an empty form. */}
      <DialogContent>
        <CreateAdminForm onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function CreateAdminForm({ onDone }: { onDone: () => void }) {
  const create = useCreateAdmin();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<keyof Values>>({});
  const set = (field: keyof Values) => (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validateForm(createAdminSchema, values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    create.mutate(result.data, { onSuccess: onDone });
  }

  return (
    <form className="grid gap-4" noValidate onSubmit={submit}>
      <DialogHeader>
        <DialogTitle>Create Admin</DialogTitle>
        <DialogDescription>The new administrator signs in at /admin with this username and password.</DialogDescription>
      </DialogHeader>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" name="name" autoComplete="off" value={values.name} error={errors.name} onChange={set('name')} />
        <TextField
          label="Username"
          name="username"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={values.username}
          error={errors.username}
          onChange={set('username')}
        />
      </div>
      <TextField label="Email" name="email" type="email" autoComplete="off" value={values.email} error={errors.email} onChange={set('email')} />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters."
        value={values.password}
        error={errors.password}
        onChange={set('password')}
      />
      <SelectField label="Role" name="role" value={values.role} error={errors.role} onChange={set('role')}>
        {CREATABLE_ADMIN_ROLES.map((role) => (
          <option key={role} value={role}>
            {formatAdminRole(role)}
          </option>
        ))}
      </SelectField>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="brand" disabled={create.isPending}>
          {create.isPending && <Spinner size="sm" label="Creating" className="text-current" />}
          Create Admin
        </Button>
      </DialogFooter>
    </form>
  );
}
