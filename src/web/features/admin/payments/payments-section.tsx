import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { CreditCardIcon } from '../../../components/ui/icons';
import { CardTitle, NameCell } from '../list-parts';
import { AdminList, type AdminColumn } from '../admin-list';
import type { FilterControl } from '../list-filters';
import { formatCents, formatDateTime, humanize } from '../format';
import { adminPaymentsQuery } from './queries';
import { PAYMENT_SORTS, PAYMENT_STATUSES, type PaymentFilters } from './types';
import type { AdminPaymentJson, PaymentStatus } from '../../../../contract/payments/payments';

const statusVariants: Record<PaymentStatus, BadgeVariant> = {
  succeeded: 'success',
  failed: 'danger',
  pending: 'muted',
};

const FILTERS: ReadonlyArray<FilterControl<PaymentFilters>> = [
  { key: 'status', label: 'Status', options: PAYMENT_STATUSES, anyLabel: 'Any status' },
  { key: 'sort', label: 'Order', options: PAYMENT_SORTS, fallback: 'newest' },
];

const COLUMNS: ReadonlyArray<AdminColumn<AdminPaymentJson>> = [
  {
    head: 'Realtor',
    cellClassName: 'max-w-56',
    cell: (payment) => <NameCell name={payment.userName || '—'} detail={payment.userEmail} />,
  },
  { head: 'Amount', className: 'text-right', cellClassName: 'text-right font-medium tabular-nums', cell: (payment) => formatCents(payment.amount) },
  { head: 'Credits', className: 'text-right', cellClassName: 'text-right tabular-nums', cell: (payment) => payment.credits },
  { head: 'Status', cell: (payment) => <StatusBadge payment={payment} /> },
  {
    head: 'Payment intent',
    className: 'hidden lg:table-cell',
    cellClassName: 'hidden max-w-48 lg:table-cell',
    cell: (payment) => (
      <code className="block truncate font-mono text-xs text-muted-foreground" title={payment.stripePaymentIntentId ?? undefined}>
        {payment.stripePaymentIntentId ?? '—'}
      </code>
    ),
  },
  { head: 'Created', cellClassName: 'whitespace-nowrap text-muted-foreground', cell: (payment) => formatDateTime(payment.createdAt) },
  {
    head: 'Processed',
    className: 'hidden lg:table-cell',
    cellClassName: 'hidden whitespace-nowrap text-muted-foreground lg:table-cell',
    cell: (payment) => (payment.processedAt === null ? '—' : formatDateTime(payment.processedAt)),
  },
];

/** The Payments tab: credit purchases with amounts (cents shown as dollars, two decimals) and their status, a page at a time. */
export function PaymentsSection({ search = '', filters = {}, onFiltersChange }: { search?: string; filters?: PaymentFilters; onFiltersChange?: (next: PaymentFilters) => void }) {
  const filtered = search !== '' || filters.status !== undefined;
  return (
    <AdminList
      title="Payments" intro="Credit purchases" noun={{ one: 'payment', many: 'payments' }}
      query={adminPaymentsQuery(search, filters)} search={search}
      filters={{ value: filters, onChange: onFiltersChange, controls: FILTERS }}
      empty={{ icon: <CreditCardIcon />, title: filtered ? 'No matching payments' : 'No payments yet',
        description: filtered ? 'No payment matches this search and these filters.' : 'Credit purchases, with amounts and their status, appear here.' }}
      columns={COLUMNS}
      rowTestId="admin-payment-row"
      cardClassName="grid gap-2"
      card={(payment) => (
        <>
          <div className="flex items-start justify-between gap-3">
            <CardTitle name={payment.userName || '—'} detail={payment.userEmail} />
            <div className="shrink-0 text-right">
              <p className="font-semibold tabular-nums">{formatCents(payment.amount)}</p>
              <p className="text-xs text-muted-foreground">
                {payment.credits} {payment.credits === 1 ? 'credit' : 'credits'}
              </p>
            </div>
          </div>
          <div className="flex flex-wrap items-start gap-x-2 gap-y-1">
            <StatusBadge payment={payment} />
            <span className="pt-0.5 text-xs text-muted-foreground">{formatDateTime(payment.createdAt)}</span>
          </div>
        </>
      )}
    />
  );
}

function StatusBadge({ payment }: { payment: AdminPaymentJson }) {
  return (
    <div className="grid justify-items-start gap-1">
      <Badge variant={statusVariants[payment.status]}>{humanize(payment.status)}</Badge>
      {payment.failureReason !== null && payment.failureReason !== '' && (
        <span className="max-w-48 truncate text-xs text-red-700" title={payment.failureReason}>
          {payment.failureReason}
        </span>
      )}
    </div>
  );
}
