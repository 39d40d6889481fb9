import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { AdminList, type AdminColumn } from '../admin-list';
import { formatAdminRole, formatDateTime } from '../format';
import { administratorsQuery } from '../queries';
import type { Admin } from '../types';
import { Badge } from '../../../components/ui/badge';
import { KeyIcon, PlusIcon, UserXIcon, UsersIcon } from '../../../components/ui/icons';
import { AdminPasswordDialog } from './admin-password-dialog';
import { CreateAdminDialog } from './create-admin-dialog';
import { DeactivateAdminDialog } from './deactivate-admin-dialog';

type Pending = { kind: 'password' | 'deactivate'; target: Admin } | null;

/** Spec section 6: super_admin creates and deactivates; a password is changed by super_admin or by its owner. */
function allowedActions(viewer: Admin, target: Admin) {
  const isSuper = viewer.role === 'super_admin';
  return {
    changePassword: target.isActive && (isSuper || viewer.id === target.id),
    deactivate: isSuper && target.isActive && viewer.id !== target.id,
  };
}

function columns(viewer: Admin, onAction: (pending: Pending) => void): Array<AdminColumn<Admin>> {
  return [
    {
      head: 'Name',
      cell: (target) => (
        <>
          <div className="font-medium">
            <AdminName viewer={viewer} target={target} />
          </div>
          <div className="text-xs text-muted-foreground">@{target.username}</div>
        </>
      ),
    },
    { head: 'Email', cellClassName: 'max-w-64 truncate', title: (target) => target.email, cell: (target) => target.email },
    { head: 'Role', cell: (target) => <RoleBadge admin={target} /> },
    { head: 'Status', cell: (target) => <StatusBadge active={target.isActive} /> },
    { head: 'Last login', cellClassName: 'whitespace-nowrap text-muted-foreground', cell: (target) => (target.lastLogin === null ? 'Never' : formatDateTime(target.lastLogin)) },
    { head: <span className="sr-only">Actions</span>, cell: (target) => <AdminActions viewer={viewer} target={target} onAction={onAction} /> },
  ];
}

export function AdministratorsSection({ admin, search = '' }: { admin: Admin; search?: string }) {
  const [creating, setCreating] = useState(false);
  const [pending, setPending] = useState<Pending>(null);

  return (
    <AdminList
      title="Administrators" intro="Who can sign in to this portal" noun={{ one: 'administrator', many: 'administrators' }}
      describe={() => 'Who can sign in to this portal'}
      query={administratorsQuery(search)} search={search}
      rows={2}
      actions={
        admin.role === 'super_admin' ? (
          <Button variant="brand" size="sm" onClick={() => setCreating(true)}>
            <PlusIcon />
            Create Admin
          </Button>
        ) : undefined
      }
      empty={{ icon: <UsersIcon />, title: 'No administrators match', description: 'Nobody with access to this portal matches this search.' }}
      columns={columns(admin, setPending)}
      card={(target) => (
        <>
          <p className="truncate font-medium">
            <AdminName viewer={admin} target={target} />
          </p>
          <p className="truncate text-sm text-muted-foreground">{target.email}</p>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <RoleBadge admin={target} />
            <StatusBadge active={target.isActive} />
          </div>
          <AdminActions viewer={admin} target={target} onAction={setPending} className="mt-3 justify-start" />
        </>
      )}
    >
      {admin.role === 'super_admin' && <CreateAdminDialog open={creating} onOpenChange={setCreating} />}
      <AdminPasswordDialog target={pending?.kind === 'password' ? pending.target : null} viewerId={admin.id} onClose={() => setPending(null)} />
      <DeactivateAdminDialog target={pending?.kind === 'deactivate' ? pending.target : null} onClose={() => setPending(null)} />
    </AdminList>
  );
}

function AdminName({ viewer, target }: { viewer: Admin; target: Admin }) {
  return (
    <>
      {target.name}
      {target.id === viewer.id && <span className="ml-1.5 text-xs font-normal text-muted-foreground">(you)</span>}
    </>
  );
}

function AdminActions({ viewer, target, onAction, className }: { viewer: Admin; target: Admin; onAction: (pending: Pending) => void; className?: string }) {
  const allowed = allowedActions(viewer, target);
  if (!allowed.changePassword && !allowed.deactivate) return null;
  return (
    <div className={cn('flex flex-wrap justify-end gap-2', className)}>
      {allowed.changePassword && (
        <Button variant="outline" size="sm" aria-label={`Change password of ${target.name}`} onClick={() => onAction({ kind: 'password', target })}>
          <KeyIcon />
          Password
        </Button>
      )}
      {allowed.deactivate && (
        <Button
          variant="outline"
          size="sm"
          className="text-destructive"
          aria-label={`Deactivate ${target.name}`}
          onClick={() => onAction({ kind: 'deactivate', target })}
        >
          <UserXIcon />
          Deactivate
        </Button>
      )}
    </div>
  );
}

function RoleBadge({ admin }: { admin: Admin }) {
  return <Badge variant={admin.role === 'super_admin' ? 'brand' : 'neutral'}>{formatAdminRole(admin.role)}</Badge>;
}

function StatusBadge({ active }: { active: boolean }) {
  return active ? <Badge variant="success">Active</Badge> : <Badge variant="muted">Deactivated</Badge>;
}
