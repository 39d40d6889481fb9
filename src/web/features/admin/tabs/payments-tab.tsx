import { PaymentsSection } from '../payments/payments-section';
import type { AdminTabProps } from './tab-props';

export function PaymentsTab({ search }: AdminTabProps) {
  return <PaymentsSection search={search} />;
}
