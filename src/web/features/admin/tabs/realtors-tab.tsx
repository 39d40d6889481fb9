import { useState } from 'react';
import { RealtorsSection } from '../realtors/realtors-section';
import type { RealtorFilters } from '../realtors/types';
import type { AdminTabProps } from './tab-props';

export function RealtorsTab({ search }: AdminTabProps) {
  const [filters, setFilters] = useState<RealtorFilters>({});
  return <RealtorsSection search={search} filters={filters} onFiltersChange={setFilters} />;
}
