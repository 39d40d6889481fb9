import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatAdminRole, formatDateTime } from '../format';
import { listItems } from '../paged-list';
import { PagedListFooter } from '../paged-list-footer';
import { administratorsQuery } from '../queries';
import type { Admin } from '../types';
import { Badge } from '../../../components/ui/badge';
import { Table, TableCell, TableHead, TableRow } from '../../../components/ui/data-table';
import { ErrorState } from '../../../components/ui/error-state';
import { KeyIcon, PlusIcon, UserXIcon } from '../../../components/ui/icons';
import { SectionCard } from '../../../components/ui/section-card';
import { SkeletonRows } from '../../../components/ui/skeleton';
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

const NOUN = { one: 'administrator', many: 'administrators' };

export function AdministratorsSection({ admin, search = '' }: { admin: Admin; search?: string }) {
  const administrators = useInfiniteQuery(administratorsQuery(search));
  const [creating, setCreating] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const list = listItems(administrators.data);

  return (
    <SectionCard
      title="Administrators"
      description="Who can sign in to this portal"
      actions={
        admin.role === 'super_admin' ? (
          <Button variant="brand" size="sm" onClick={() => setCreating(true)}>
            <PlusIcon />
            Create Admin
          </Button>
        ) : undefined
      }
    >
      {administrators.isError ? (
        <ErrorState title="Failed to load administrators" error={administrators.error} onRetry={() => void administrators.refetch()} />
      ) : list === undefined ? (
        <SkeletonRows rows={2} label="Loading administrators" />
      ) : (
        <>
          <AdminTable viewer={admin} administrators={list} onAction={setPending} />
          <AdminCards viewer={admin} administrators={list} onAction={setPending} />
          <PagedListFooter query={administrators} noun={NOUN} />
        </>
      )}
      {admin.role === 'super_admin' && <CreateAdminDialog open={creating} onOpenChange={setCreating} />}
      <AdminPasswordDialog target={pending?.kind === 'password' ? pending.target : null} viewerId={admin.id} onClose={() => setPending(null)} />
      <DeactivateAdminDialog target={pending?.kind === 'deactivate' ? pending.target : null} onClose={() => setPending(null)} />
    </SectionCard>
  );
}

type ListProps = { viewer: Admin; administrators: Admin[]; onAction: (pending: Pending) => void };

function AdminTable({ viewer, administrators, onAction }: ListProps) {
  return (
    <div className="hidden md:block">
      <Table>
        <thead>
          <tr>
            <TableHead>Name</TableHead>
            <TableHead>Email</TableHead>
            <TableHead>Role</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Last login</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </tr>
        </thead>
        <tbody>
          {administrators.map((target) => (
            <TableRow key={target.id}>
              <TableCell>
                <div className="font-medium">
                  {target.name}
                  {target.id === viewer.id && <span className="ml-1.5 text-xs font-normal text-muted-foreground">(you)</span>}
                </div>
                <div className="text-xs text-muted-foreground">@{target.username}</div>
              </TableCell>
              <TableCell className="max-w-64 truncate" title={target.email}>
                {target.email}
              </TableCell>
              <TableCell>
                <RoleBadge admin={target} />
              </TableCell>
              <TableCell>
                <StatusBadge active={target.isActive} />
              </TableCell>
              <TableCell className="whitespace-nowrap text-muted-foreground">
                {target.lastLogin === null ? 'Never' : formatDateTime(target.lastLogin)}
              </TableCell>
              <TableCell>
                <AdminActions viewer={viewer} target={target} onAction={onAction} />
              </TableCell>
            </TableRow>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

function AdminCards({ viewer, administrators, onAction }: ListProps) {
  return (
    <ul className="divide-y divide-border md:hidden">
      {administrators.map((target) => (
        <li key={target.id} className="py-4 first:pt-0 last:pb-0">
          <p className="truncate font-medium">
            {target.name}
            {target.id === viewer.id && <span className="ml-1.5 text-xs font-normal text-muted-foreground">(you)</span>}
          </p>
          <p className="truncate text-sm text-muted-foreground">{target.email}</p>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <RoleBadge admin={target} />
            <StatusBadge active={target.isActive} />
          </div>
          <AdminActions viewer={viewer} target={target} onAction={onAction} className="mt-3 justify-start" />
        </li>
      ))}
    </ul>
  );
}

function AdminActions({ viewer, target, onAction, className }: { viewer: Admin; target: Admin; onAction: ListProps['onAction']; className?: string }) {
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
