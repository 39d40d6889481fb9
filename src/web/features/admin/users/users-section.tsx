import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { formatCount, formatDate } from '../format';
import { FilterDay, FilterSelect, ListFilters } from '../list-filters';
import { listItems, listTotal } from '../paged-list';
import { PagedListFooter } from '../paged-list-footer';
import { usersQuery } from '../queries';
import { EMAIL_STATES, USER_ROLES, USER_SORTS, VERIFICATION_STATES, type UserFilters } from './user-filters';
import { Badge } from '../../../components/ui/badge';
import { Table, TableCell, TableHead, TableRow } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PencilIcon, UsersIcon } from '../../../components/ui/icons';
import { CheckIcon } from '../../../components/ui/shell-icons';
import { SectionCard } from '../../../components/ui/section-card';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { EditUserDialog } from './edit-user-dialog';
import { TimelineLinkTo } from '../timeline/timeline-link';
import type { ManagedUserView } from '../../../../contract/admins';

const NOUN = { one: 'user', many: 'users' };

export function UsersSection({ search, filters = {}, onFiltersChange }: { search: string; filters?: UserFilters; onFiltersChange?: (next: UserFilters) => void }) {
  const users = useInfiniteQuery(usersQuery(search, filters));
  const [editing, setEditing] = useState<ManagedUserView | null>(null);
  const list = listItems(users.data);
  const total = listTotal(users.data);
  const filtered = search !== '' || Object.keys(filters).some((name) => name !== 'sort');
  const change = (next: Partial<UserFilters>) => onFiltersChange?.({ ...filters, ...next });

  return (
    <SectionCard
      title="Users"
      description={list === undefined ? 'Homeowners and realtors' : describeCount(total, search)}
      actions={users.isFetching && !users.isFetchingNextPage && list !== undefined ? <Spinner size="sm" label="Updating users" /> : undefined}
    >
      {onFiltersChange !== undefined && (
        <ListFilters label="Filter users">
          <FilterSelect label="Role" value={filters.role} options={USER_ROLES} anyLabel="All roles" onChange={(role) => change({ role })} />
          <FilterSelect label="Email" value={filters.emailVerified} options={EMAIL_STATES} anyLabel="Any email state" onChange={(emailVerified) => change({ emailVerified })} />
          <FilterSelect
            label="Ownership verification"
            value={filters.verification}
            options={VERIFICATION_STATES}
            anyLabel="Any verification"
            onChange={(verification) => change({ verification })}
          />
          <FilterDay label="Joined from" value={filters.from} onChange={(from) => change({ from })} />
          <FilterDay label="Joined to" value={filters.to} onChange={(to) => change({ to })} />
          <FilterSelect label="Order" value={filters.sort ?? 'newest'} options={USER_SORTS} onChange={(sort) => change({ sort: sort === 'newest' ? undefined : sort })} />
        </ListFilters>
      )}
      {users.isError ? (
        <ErrorState title="Failed to load users" error={users.error} onRetry={() => void users.refetch()} />
      ) : list === undefined ? (
        <SkeletonRows label="Loading users" />
      ) : list.length === 0 ? (
        <EmptyState
          className="border-0 py-10"
          icon={<UsersIcon />}
          title={filtered ? 'No users match your search' : 'No users yet'}
          description={
            !filtered ? 'Homeowners and realtors appear here once they register.' : search === '' ? 'Nobody matches these filters.' : `Nobody's name or email contains “${search}”.`
          }
        />
      ) : (
        <>
          <UserTable users={list} onEdit={setEditing} />
          <UserCards users={list} onEdit={setEditing} />
          <PagedListFooter query={users} noun={NOUN} />
        </>
      )}
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
    </SectionCard>
  );
}

function describeCount(count: number, search: string): string {
  const users = `${formatCount(count)} ${count === 1 ? 'user' : 'users'}`;
  return search === '' ? users : `${users} matching “${search}”`;
}

type ListProps = { users: ManagedUserView[]; onEdit: (user: ManagedUserView) => void };

function UserTable({ users, onEdit }: ListProps) {
  return (
    <div className="hidden md:block">
      <Table>
        <thead>
          <tr>
            <TableHead>Name</TableHead>
            <TableHead>Email</TableHead>
            <TableHead>Role</TableHead>
            <TableHead className="text-right">Credits</TableHead>
            <TableHead>Email verified</TableHead>
            <TableHead>Ownership</TableHead>
            <TableHead>Joined</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <TableRow key={user.id}>
              <TableCell>
                <div className="font-medium">{user.name}</div>
                <div className="text-xs text-muted-foreground">@{user.username}</div>
                <TimelineLinkTo kind="account" id={user.id} name={user.name} />
              </TableCell>
              <TableCell className="max-w-64 truncate" title={user.email}>
                {user.email}
              </TableCell>
              <TableCell>
                <RoleBadge role={user.role} />
              </TableCell>
              <TableCell className="text-right font-medium tabular-nums">{formatCount(user.credits)}</TableCell>
              <TableCell>
                <VerifiedBadge verified={user.emailVerified} />
              </TableCell>
              <TableCell>
                <OwnershipBadge user={user} />
              </TableCell>
              <TableCell className="whitespace-nowrap text-muted-foreground">{formatDate(user.createdAt)}</TableCell>
              <TableCell className="text-right">
                <Button variant="outline" size="sm" onClick={() => onEdit(user)} aria-label={`Edit ${user.name}`}>
                  <PencilIcon />
                  Edit
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

function UserCards({ users, onEdit }: ListProps) {
  return (
    <ul className="divide-y divide-border md:hidden">
      {users.map((user) => (
        <li key={user.id} className="py-4 first:pt-0 last:pb-0">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="truncate font-medium">{user.name}</p>
              <p className="truncate text-sm text-muted-foreground">{user.email}</p>
              <TimelineLinkTo kind="account" id={user.id} name={user.name} />
            </div>
            <Button variant="outline" size="sm" onClick={() => onEdit(user)} aria-label={`Edit ${user.name}`}>
              <PencilIcon />
              Edit
            </Button>
          </div>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <RoleBadge role={user.role} />
            <VerifiedBadge verified={user.emailVerified} />
            <OwnershipBadge user={user} />
            <Badge variant="muted">
              <span className="tabular-nums">{formatCount(user.credits)}</span> {user.credits === 1 ? 'credit' : 'credits'}
            </Badge>
          </div>
        </li>
      ))}
    </ul>
  );
}

function RoleBadge({ role }: { role: ManagedUserView['role'] }) {
  return <Badge variant={role === 'realtor' ? 'brand' : 'neutral'}>{role === 'realtor' ? 'Realtor' : 'Homeowner'}</Badge>;
}

function VerifiedBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <Badge variant="success">
      <CheckIcon />
      Verified
    </Badge>
  ) : (
    <Badge variant="warning">Not verified</Badge>
  );
}

/** Homeowners prove ownership with a bill; realtors have nothing to verify. */
function OwnershipBadge({ user }: { user: ManagedUserView }) {
  if (user.role !== 'homeowner') return <span className="text-xs text-muted-foreground">—</span>;
  switch (user.verificationStatus) {
    case 'approved':
      return <Badge variant="success">Verified Homeowner</Badge>;
    case 'pending':
      return <Badge variant="warning">Bill pending</Badge>;
    case 'rejected':
      return <Badge variant="danger">Bill rejected</Badge>;
    case 'none':
      return <Badge variant="muted">No bill sent</Badge>;
  }
}
