import { useNavigate, useSearch } from '@tanstack/react-router';
import { VerificationsSection } from '../verifications/verifications-section';
import { parseQueueSearch, queueFilters, queueSearch } from '../verifications/types';
import type { AdminTabProps } from './tab-props';

// The queue's status and order live in the link (/admin/verifications?status=rejected), so a shared link and back/forward keep them.
export function HomeownersTab({ search }: AdminTabProps) {
  const filters = queueFilters(parseQueueSearch(useSearch({ strict: false })));
  const navigate = useNavigate();
  return (
    <VerificationsSection
      search={search}
      filters={filters}
      onFiltersChange={(next) => void navigate({ to: '/admin/$tab', params: { tab: 'homeowners' }, search: queueSearch(next), replace: true, resetScroll: false })}
    />
  );
}
