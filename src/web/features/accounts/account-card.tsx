import { useState } from 'react';
import { userInfoSchema, type UserInfoData } from '../../../contract/accounts/accounts';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { useUpdateAccountInfo, type AccountDetails } from './account';
import { FormField } from './form-field';
import { useSchemaForm } from './use-schema-form';

const roleLabels: Record<AccountDetails['role'], string> = { homeowner: 'Homeowner', realtor: 'Realtor' };

/** Account Information: read-only email, phone and role, with a dialog to edit name and phone. */
export function AccountCard({ account }: { account: AccountDetails }) {
  const [editing, setEditing] = useState(false);
  const rows: ReadonlyArray<[string, string]> = [
    ['Name', account.name],
    ['Username', account.username],
    ['Email', account.email],
    ['Phone', account.phone || 'Not provided'],
    ['Role', roleLabels[account.role]],
  ];

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-4 space-y-0">
        <div className="flex min-w-0 items-center gap-4">
          {/* The uploaded photo where there is one: initials beside the photo card read as a second person. */}
          <Avatar image={account.profileImageUrl} name={account.name} className="size-14 text-xl" />
          <div className="grid min-w-0 gap-1">
            {/* Wrapped, never cut: beside the avatar and Edit, a phone left room for 'Hannah Homeo…'. */}
            <h2 className="text-xl leading-tight font-semibold tracking-tight break-words" data-testid="account-name">
              {account.name}
            </h2>
            <p className="truncate text-sm text-muted-foreground">{account.email}</p>
          </div>
        </div>
        <Button variant="outline" onClick={() => setEditing(true)}>
          Edit
        </Button>
      </CardHeader>
      <CardContent>
        <h2 className="mb-3 text-sm font-semibold">Account Information</h2>
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label} className="grid min-w-0 gap-1">
              <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
              <dd className="truncate text-sm">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
      <Dialog open={editing} onOpenChange={setEditing}>
        <DialogContent>
          {/* Mounted only while open, so each opening starts from the saved values. */}
          <EditAccountForm account={account} onSaved={() => setEditing(false)} />
        </DialogContent>
      </Dialog>
    </Card>
  );
}

function EditAccountForm({ account, onSaved }: { account: AccountDetails; onSaved: () => void }) {
  const updateInfo = useUpdateAccountInfo();
  const form = useSchemaForm<'name' | 'phone', UserInfoData>(userInfoSchema, { name: account.name, phone: account.phone ?? '' });
  return (
    <form className="grid gap-5" noValidate onSubmit={form.handleSubmit((data) => updateInfo.mutate(data, { onSuccess: onSaved }))}>
      <DialogHeader>
        <DialogTitle>Edit profile</DialogTitle>
        <DialogDescription>Update your name and phone number. Your email and role stay as they are.</DialogDescription>
      </DialogHeader>
      <FormField label="Full name" autoComplete="name" {...form.bind('name')} />
      <FormField
        label="Phone"
        type="tel"
        autoComplete="tel"
        placeholder="+14165550123"
        hint="A plus sign followed by digits, e.g. +14165550123"
        {...form.bind('phone')}
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="brand" disabled={updateInfo.isPending}>
          {updateInfo.isPending ? 'Saving...' : 'Save changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}
