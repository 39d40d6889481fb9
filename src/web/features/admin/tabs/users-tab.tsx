import { useState } from 'react';
import { AdministratorsSection } from '../administrators/administrators-section';
import { ProspectsSection } from '../prospects/prospects-section';
import type { ProspectFilters } from '../prospects/types';
import { UsersSection } from '../users/users-section';
import type { UserFilters } from '../users/user-filters';
import type { AdminTabProps } from './tab-props';

// People, in the order an administrator looks for them: accounts, then those
// who wrote in from the public site (prospects), then the administrators.
export function UsersTab({ admin, search }: AdminTabProps) {
  const [userFilters, setUserFilters] = useState<UserFilters>({});
  const [prospectFilters, setProspectFilters] = useState<ProspectFilters>({});
  return (
    <div className="flex flex-col gap-6">
      <UsersSection search={search} filters={userFilters} onFiltersChange={setUserFilters} />
      <ProspectsSection search={search} filters={prospectFilters} onFiltersChange={setProspectFilters} />
      <AdministratorsSection admin={admin} />
    </div>
  );
}
