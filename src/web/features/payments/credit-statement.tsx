import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { Card, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { CoinsIcon } from '../../components/ui/icons';
import { SkeletonRows } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { creditStatementQuery } from './queries';
import type { LedgerKind, StatementEntry } from '../../../contract/payments/credits';

const kinds: Record<LedgerKind, { label: string; variant: BadgeVariant }> = {
  purchase: { label: 'Purchase', variant: 'success' },
  bid: { label: 'Bid', variant: 'neutral' },
  refund: { label: 'Refund', variant: 'brand' },
  admin: { label: 'Adjustment', variant: 'warning' },
  reward: { label: 'Reward', variant: 'success' },
  'reward-withdrawn': { label: 'Reward withdrawn', variant: 'warning' },
};

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function formatWhen(iso: string): string {
  const value = new Date(iso);
  return Number.isNaN(value.getTime()) ? iso : dateTime.format(value);
}

/** The realtor's credit statement: every purchase, spend, refund, admin change, reward and reward withdrawn, newest first. */
export function CreditStatement() {
  const statement = useQuery(creditStatementQuery());
  const entries = statement.data;

  return (
    <section className="grid gap-4" aria-labelledby="statement-heading">
      <Card className="overflow-hidden">
        <CardHeader className="border-b border-border">
          <CardTitle id="statement-heading" className="text-xl">
            Credit statement
          </CardTitle>
          <CardDescription>Every credit added to or taken from your account, newest first.</CardDescription>
        </CardHeader>
        <div>
          {statement.isError ? (
            <div className="p-4 sm:p-6">
              <ErrorState title="Failed to load your statement" error={statement.error} onRetry={() => void statement.refetch()} />
            </div>
          ) : entries === undefined ? (
            <div className="p-4 sm:p-6">
              <SkeletonRows rows={3} label="Loading your statement" />
            </div>
          ) : entries.length === 0 ? (
            <EmptyState
              className="rounded-none border-0"
              icon={<CoinsIcon />}
              title="No credit activity yet"
              description="Purchases, bids, refunds and rewards will be listed here."
            />
          ) : (
            <ul className="divide-y divide-border" data-testid="credit-statement">
              {entries.map((entry) => (
                <StatementRow key={entry.id} entry={entry} />
              ))}
            </ul>
          )}
        </div>
      </Card>
    </section>
  );
}

function StatementRow({ entry }: { entry: StatementEntry }) {
  const kind = kinds[entry.kind] ?? { label: entry.kind, variant: 'neutral' as const };
  return (
    <li className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-1 px-4 py-3 sm:px-6" data-testid="statement-entry" data-kind={entry.kind}>
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <Badge variant={kind.variant}>{kind.label}</Badge>
        {entry.href ? (
          <Link to={entry.href} className="min-w-0 break-words font-medium text-foreground underline decoration-muted-foreground/50 underline-offset-4 hover:decoration-foreground">
            {entry.description}
          </Link>
        ) : (
          <span className="min-w-0 break-words font-medium">{entry.description}</span>
        )}
      </div>
      <span
        className={cn('text-right font-semibold tabular-nums', entry.delta > 0 ? 'text-emerald-700' : entry.delta < 0 ? 'text-red-700' : '')}
        aria-label={entry.delta === 0 ? 'No credits moved' : `${entry.delta > 0 ? 'Added' : 'Taken'} ${Math.abs(entry.delta)} ${Math.abs(entry.delta) === 1 ? 'credit' : 'credits'}`}
      >
        {entry.delta > 0 ? `+${entry.delta}` : entry.delta}
      </span>
      <time dateTime={entry.createdAt} className="text-sm text-muted-foreground">
        {formatWhen(entry.createdAt)}
      </time>
      <span className="text-right text-sm text-muted-foreground tabular-nums">Balance {entry.balanceAfter}</span>
    </li>
  );
}
