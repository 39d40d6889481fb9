import { useInfiniteQuery } from '@tanstack/react-query';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { Table, TableCell, TableHead, TableRow } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { CreditCardIcon } from '../../../components/ui/icons';
import { QueryStates } from '../../../components/ui/query-states';
import { SectionCard } from '../../../components/ui/section-card';
import { Spinner } from '../../../components/ui/spinner';
import { formatCents, formatCount, formatDateTime, humanize } from '../format';
import { FilterSelect, ListFilters } from '../list-filters';
import { listItems, listTotal } from '../paged-list';
import { PagedListFooter } from '../paged-list-footer';
import { adminPaymentsQuery } from './queries';
import { PAYMENT_SORTS, PAYMENT_STATUSES, type PaymentFilters } from './types';
import type { AdminPaymentJson, PaymentStatus } from '../../../../contract/payments';

const statusVariants: Record<PaymentStatus, BadgeVariant> = {
  succeeded: 'success',
  failed: 'danger',
  pending: 'muted',
};

const NOUN = { one: 'payment', many: 'payments' };

/** The Payments tab: credit purchases with amounts (cents shown as dollars, two decimals) and their status, a page at a time. */
export function PaymentsSection({ search = '', filters = {}, onFiltersChange }: { search?: string; filters?: PaymentFilters; onFiltersChange?: (next: PaymentFilters) => void }) {
  const payments = useInfiniteQuery(adminPaymentsQuery(search, filters));
  const list = listItems(payments.data);
  const total = listTotal(payments.data);
  const filtered = search !== '' || filters.status !== undefined;
  const change = (next: Partial<PaymentFilters>) => onFiltersChange?.({ ...filters, ...next });

  return (
    <SectionCard
      title="Payments"
      description={list === undefined ? 'Credit purchases' : describeCount(total, search)}
      actions={payments.isFetching && !payments.isFetchingNextPage && list !== undefined ? <Spinner size="sm" label="Updating payments" /> : undefined}
    >
      {onFiltersChange !== undefined && (
        <ListFilters label="Filter payments">
          <FilterSelect label="Status" value={filters.status} options={PAYMENT_STATUSES} anyLabel="Any status" onChange={(status) => change({ status })} />
          <FilterSelect label="Order" value={filters.sort ?? 'newest'} options={PAYMENT_SORTS} onChange={(sort) => change({ sort: sort === 'newest' ? undefined : sort })} />
        </ListFilters>
      )}
      <QueryStates query={payments} list={list} what="payments" rows={4} empty={
        <EmptyState
          className="border-0 py-10"
          icon={<CreditCardIcon />}
          title={filtered ? 'No matching payments' : 'No payments yet'}
          description={filtered ? 'No payment matches this search and these filters.' : 'Credit purchases, with amounts and their status, appear here.'}
        />
      }>
        {(list) => (
          <>
            <PaymentTable payments={list} />
            <PaymentCards payments={list} />
            <PagedListFooter query={payments} noun={NOUN} />
          </>
        )}
      </QueryStates>
    </SectionCard>
  );
}

function describeCount(total: number, search: string): string {
  const count = `${formatCount(total)} ${total === 1 ? 'payment' : 'payments'}`;
  return search === '' ? count : `${count} matching “${search}”`;
}

function PaymentTable({ payments }: { payments: AdminPaymentJson[] }) {
  return (
    <div className="hidden md:block">
      <Table>
        <thead>
          <tr>
            <TableHead>Realtor</TableHead>
            <TableHead className="text-right">Amount</TableHead>
            <TableHead className="text-right">Credits</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="hidden lg:table-cell">Payment intent</TableHead>
            <TableHead>Created</TableHead>
            <TableHead className="hidden lg:table-cell">Processed</TableHead>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => (
            <TableRow key={payment.id} data-testid="admin-payment-row">
              <TableCell className="max-w-56">
                <div className="truncate font-medium">{payment.userName || '—'}</div>
                <div className="truncate text-xs text-muted-foreground">{payment.userEmail}</div>
              </TableCell>
              <TableCell className="text-right font-medium tabular-nums">{formatCents(payment.amount)}</TableCell>
              <TableCell className="text-right tabular-nums">{payment.credits}</TableCell>
              <TableCell>
                <StatusBadge payment={payment} />
              </TableCell>
              <TableCell className="hidden max-w-48 lg:table-cell">
                <code className="block truncate font-mono text-xs text-muted-foreground" title={payment.stripePaymentIntentId ?? undefined}>
                  {payment.stripePaymentIntentId ?? '—'}
                </code>
              </TableCell>
              <TableCell className="whitespace-nowrap text-muted-foreground">{formatDateTime(payment.createdAt)}</TableCell>
              <TableCell className="hidden whitespace-nowrap text-muted-foreground lg:table-cell">
                {payment.processedAt === null ? '—' : formatDateTime(payment.processedAt)}
              </TableCell>
            </TableRow>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

function PaymentCards({ payments }: { payments: AdminPaymentJson[] }) {
  return (
    <ul className="divide-y divide-border md:hidden">
      {payments.map((payment) => (
        <li key={payment.id} className="grid gap-2 py-4 first:pt-0 last:pb-0">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="truncate font-medium">{payment.userName || '—'}</p>
              <p className="truncate text-sm text-muted-foreground">{payment.userEmail}</p>
            </div>
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
        </li>
      ))}
    </ul>
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
