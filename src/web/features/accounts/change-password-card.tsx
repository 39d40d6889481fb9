import { z } from 'zod';
import { CHANGE_PASSWORD_MIN_LENGTH } from '../../../contract/accounts/accounts';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { useChangePassword } from './account';
import { FormField } from './form-field';
import { useSchemaForm } from './use-schema-form';

// Spec section 5: the three fields are required (shown under each); a mismatch
// and a short password are reported by toast, in that order.
const requiredFields = z.object({
  currentPassword: z.string().min(1, 'Current password is required'),
  newPassword: z.string().min(1, 'New password is required'),
  confirmPassword: z.string().min(1, 'Confirm password is required'),
});

export function ChangePasswordCard() {
  const changePassword = useChangePassword();
  const form = useSchemaForm(requiredFields, { currentPassword: '', newPassword: '', confirmPassword: '' });

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword, confirmPassword }) => {
    if (newPassword !== confirmPassword) {
      toast({ variant: 'destructive', title: 'Password mismatch', description: "New password and confirmation don't match." });
      return;
    }
    if (newPassword.length < CHANGE_PASSWORD_MIN_LENGTH) {
      toast({ variant: 'destructive', title: 'Password too short', description: 'Password must be at least 6 characters long.' });
      return;
    }
    changePassword.mutate({ currentPassword, newPassword }, { onSuccess: form.reset });
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change Password</CardTitle>
        <CardDescription>Enter your current password, then choose a new one of at least 6 characters.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" noValidate onSubmit={onSubmit}>
          <FormField label="Current password" type="password" autoComplete="current-password" {...form.bind('currentPassword')} />
          <FormField label="New password" type="password" autoComplete="new-password" {...form.bind('newPassword')} />
          <FormField label="Confirm new password" type="password" autoComplete="new-password" {...form.bind('confirmPassword')} />
          <Button type="submit" variant="brand" className="w-full sm:w-auto sm:justify-self-start" disabled={changePassword.isPending}>
            {changePassword.isPending ? 'Updating...' : 'Update password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
