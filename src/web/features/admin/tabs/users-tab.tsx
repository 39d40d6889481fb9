import { AdministratorsSection } from '../administrators/administrators-section';
import { ProspectsSection } from '../prospects/prospects-section';
import { UsersSection } from '../users/users-section';
import type { AdminTabProps } from './tab-props';

// People, in the order an administrator looks for them: accounts, then those
// who wrote in from the public site (prospects), then the administrators.
export function UsersTab({ admin, search }: AdminTabProps) {
  return (
    <div className="flex flex-col gap-6">
      <UsersSection search={search} />
      <ProspectsSection search={search} />
      <AdministratorsSection admin={admin} />
    </div>
  );
}
