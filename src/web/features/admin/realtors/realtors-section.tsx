import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Table, TableCell, TableHead, TableRow } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { BriefcaseIcon } from '../../../components/ui/icons';
import { SectionCard } from '../../../components/ui/section-card';
import { Spinner } from '../../../components/ui/spinner';
import { formatCount, formatDate } from '../format';
import { realtorProfilesQuery } from './queries';
import { AdminRealtorProfileDialog, TagList } from './realtor-profile-dialog';
import type { AdminRealtorProfile } from './types';
import { QueryStates } from '../../../components/ui/query-states';

/** The Realtors tab: every saved realtor profile, newest change first. */
export function RealtorsSection() {
  const profiles = useQuery(realtorProfilesQuery());
  const [viewing, setViewing] = useState<AdminRealtorProfile | null>(null);
  const list = profiles.data;

  return (
    <SectionCard
      title="Realtor profiles"
      description={list === undefined ? 'Brokerage, license and service areas' : `${formatCount(list.length)} ${list.length === 1 ? 'profile' : 'profiles'}`}
      actions={profiles.isFetching && list !== undefined ? <Spinner size="sm" label="Updating realtor profiles" /> : undefined}
    >
      <QueryStates query={profiles} list={list} what="realtor profiles" rows={4} empty={
        <EmptyState
          className="border-0 py-10"
          icon={<BriefcaseIcon />}
          title="No realtor profiles yet"
          description="Realtor profiles, with brokerage, license number and service areas, appear here once realtors save them."
        />
      }>
        {(list) => (
          <>
            <ProfileTable profiles={list} onView={setViewing} />
            <ProfileCards profiles={list} onView={setViewing} />
          </>
        )}
      </QueryStates>
      <AdminRealtorProfileDialog profile={viewing} onClose={() => setViewing(null)} />
    </SectionCard>
  );
}

type ListProps = { profiles: AdminRealtorProfile[]; onView: (profile: AdminRealtorProfile) => void };

function ProfileTable({ profiles, onView }: ListProps) {
  return (
    <div className="hidden md:block">
      <Table>
        <thead>
          <tr>
            <TableHead>Realtor</TableHead>
            <TableHead>Brokerage</TableHead>
            <TableHead>License</TableHead>
            <TableHead className="text-right">Experience</TableHead>
            <TableHead>Service areas</TableHead>
            <TableHead className="hidden xl:table-cell">Specialties</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </tr>
        </thead>
        <tbody>
          {profiles.map((profile) => (
            <TableRow key={profile.id}>
              <TableCell>
                <div className="flex min-w-0 items-center gap-3">
                  <Avatar image={profile.profileImage} name={profile.userName} className="size-9 text-xs" />
                  <div className="min-w-0">
                    <div className="truncate font-medium">{profile.userName}</div>
                    <div className="max-w-56 truncate text-xs text-muted-foreground" title={profile.userEmail}>
                      {profile.userEmail}
                    </div>
                  </div>
                </div>
              </TableCell>
              <TableCell className="max-w-48 truncate" title={profile.brokerageName}>
                {profile.brokerageName || '—'}
              </TableCell>
              <TableCell className="whitespace-nowrap">{profile.licenseNumber || '—'}</TableCell>
              <TableCell className="whitespace-nowrap text-right tabular-nums">{profile.yearsExperience} yrs</TableCell>
              <TableCell className="min-w-48">
                <TagList label={`Service areas of ${profile.userName}`} tags={profile.serviceAreas} limit={2} />
              </TableCell>
              <TableCell className="hidden min-w-48 xl:table-cell">
                <TagList label={`Specialties of ${profile.userName}`} tags={profile.specialties} limit={2} />
              </TableCell>
              <TableCell className="text-right">
                <Button variant="outline" size="sm" onClick={() => onView(profile)} aria-label={`View profile of ${profile.userName}`}>
                  View
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

function ProfileCards({ profiles, onView }: ListProps) {
  return (
    <ul className="divide-y divide-border md:hidden">
      {profiles.map((profile) => (
        <li key={profile.id} className="grid gap-3 py-4 first:pt-0 last:pb-0">
          <div className="flex items-start justify-between gap-3">
            <div className="flex min-w-0 items-center gap-3">
              <Avatar image={profile.profileImage} name={profile.userName} className="size-10 text-sm" />
              <div className="min-w-0">
                <p className="truncate font-medium">{profile.userName}</p>
                <p className="truncate text-sm text-muted-foreground">{profile.brokerageName || profile.userEmail}</p>
              </div>
            </div>
            <Button variant="outline" size="sm" onClick={() => onView(profile)} aria-label={`View profile of ${profile.userName}`}>
              View
            </Button>
          </div>
          <p className="text-xs text-muted-foreground">
            License {profile.licenseNumber || '—'} · {profile.yearsExperience} yrs · updated {formatDate(profile.updatedAt)}
          </p>
          <TagList label={`Service areas of ${profile.userName}`} tags={profile.serviceAreas} limit={3} />
        </li>
      ))}
    </ul>
  );
}
