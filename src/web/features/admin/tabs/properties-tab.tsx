import { useState } from 'react';
import { PropertiesSection } from '../properties/properties-section';
import type { PropertyFilters } from '../properties/types';
import type { AdminTabProps } from './tab-props';

export function PropertiesTab({ search }: AdminTabProps) {
  const [filters, setFilters] = useState<PropertyFilters>({});
  return <PropertiesSection search={search} filters={filters} onFiltersChange={setFilters} />;
}
