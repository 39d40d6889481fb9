import { useState } from 'react';
import { PaymentsSection } from '../payments/payments-section';
import type { PaymentFilters } from '../payments/types';
import type { AdminTabProps } from './tab-props';

export function PaymentsTab({ search }: AdminTabProps) {
  const [filters, setFilters] = useState<PaymentFilters>({});
  return <PaymentsSection search={search} filters={filters} onFiltersChange={setFilters} />;
}
