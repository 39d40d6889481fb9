import { useState } from 'react';
import { BidsSection } from '../bids/bids-section';
import type { BidFilters } from '../bids/types';
import type { AdminTabProps } from './tab-props';

export function BidsTab({ search }: AdminTabProps) {
  const [filters, setFilters] = useState<BidFilters>({});
  return <BidsSection search={search} filters={filters} onFiltersChange={setFilters} />;
}
