import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { PencilIcon, UsersIcon } from '../../../components/ui/icons';
import { CheckIcon } from '../../../components/ui/shell-icons';
import { CardTitle } from '../list-parts';
import { AdminList, type AdminColumn } from '../admin-list';
import type { FilterControl } from '../list-filters';
import { formatCount, formatDate } from '../format';
import { usersQuery } from '../queries';
import { EMAIL_STATES, USER_ROLES, USER_SORTS, VERIFICATION_STATES, type UserFilters } from './user-filters';
import { EditUserDialog } from './edit-user-dialog';
import { TimelineLinkTo } from '../timeline/timeline-link';
import type { ManagedUserView } from '../../../../contract/admin/admins';

const FILTERS: ReadonlyArray<FilterControl<UserFilters>> = [
  { key: 'role', label: 'Role', options: USER_ROLES, anyLabel: 'All roles' },
  { key: 'emailVerified', label: 'Email', options: EMAIL_STATES, anyLabel: 'Any email state' },
  { key: 'verification', label: 'Ownership verification', options: VERIFICATION_STATES, anyLabel: 'Any verification' },
  { key: 'from', label: 'Joined from', day: true },
  { key: 'to', label: 'Joined to', day: true },
  { key: 'sort', label: 'Order', options: USER_SORTS, fallback: 'newest' },
];

const COLUMNS: ReadonlyArray<AdminColumn<ManagedUserView>> = [
  {
    head: 'Name',
    cell: (user) => (
      <>
        <div className="font-medium">{user.name}</div>
        <div className="text-xs text-muted-foreground">@{user.username}</div>
        <TimelineLinkTo kind="account" id={user.id} name={user.name} />
      </>
    ),
  },
  { head: 'Email', cellClassName: 'max-w-64 truncate', title: (user) => user.email, cell: (user) => user.email },
  { head: 'Role', cell: (user) => <RoleBadge role={user.role} /> },
  { head: 'Credits', className: 'text-right', cellClassName: 'text-right font-medium tabular-nums', cell: (user) => formatCount(user.credits) },
  { head: 'Email verified', cell: (user) => <VerifiedBadge verified={user.emailVerified} /> },
  { head: 'Ownership', cell: (user) => <OwnershipBadge user={user} /> },
  { head: 'Joined', cellClassName: 'whitespace-nowrap text-muted-foreground', cell: (user) => formatDate(user.createdAt) },
];

export function UsersSection({ search, filters = {}, onFiltersChange }: { search: string; filters?: UserFilters; onFiltersChange?: (next: UserFilters) => void }) {
  const [editing, setEditing] = useState<ManagedUserView | null>(null);
  const filtered = search !== '' || Object.keys(filters).some((name) => name !== 'sort');
  const edit = (user: ManagedUserView) => (
    <Button variant="outline" size="sm" onClick={() => setEditing(user)} aria-label={`Edit ${user.name}`}>
      <PencilIcon />
      Edit
    </Button>
  );

  return (
    <AdminList
      title="Users" intro="Homeowners and realtors" noun={{ one: 'user', many: 'users' }}
      query={usersQuery(search, filters)} search={search}
      rows={5}
      filters={{ value: filters, onChange: onFiltersChange, controls: FILTERS }}
      empty={{ icon: <UsersIcon />, title: filtered ? 'No users match your search' : 'No users yet',
        description: !filtered ? 'Homeowners and realtors appear here once they register.' : search === '' ? 'Nobody matches these filters.' : `Nobody's name or email contains “${search}”.` }}
      columns={[...COLUMNS, { head: <span className="sr-only">Actions</span>, cellClassName: 'text-right', cell: edit }]}
      card={(user) => (
        <>
          <div className="flex items-start justify-between gap-3">
            <CardTitle name={user.name} detail={user.email}>
              <TimelineLinkTo kind="account" id={user.id} name={user.name} />
            </CardTitle>
            {edit(user)}
          </div>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <RoleBadge role={user.role} />
            <VerifiedBadge verified={user.emailVerified} />
            <OwnershipBadge user={user} />
            <Badge variant="muted">
              <span className="tabular-nums">{formatCount(user.credits)}</span> {user.credits === 1 ? 'credit' : 'credits'}
            </Badge>
          </div>
        </>
      )}
    >
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
    </AdminList>
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
