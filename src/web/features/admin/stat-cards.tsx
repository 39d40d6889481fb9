import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { formatCents, formatCount } from './format';
import { dashboardQuery } from './queries';
import { Skeleton } from '../../components/ui/skeleton';
import { BuildingIcon, DollarIcon, GavelIcon, UsersIcon } from '../../components/ui/icons';

export function StatCards() {
  const dashboard = useQuery(dashboardQuery());
  const stats = dashboard.data;

  if (dashboard.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm">
        <span>The dashboard figures could not be loaded.</span>
        <Button variant="outline" size="sm" onClick={() => void dashboard.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  return (
    <section aria-label="Totals" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard label="Total users" icon={<UsersIcon />} value={stats && formatCount(stats.totalUsers)} />
      <StatCard label="Total properties" icon={<BuildingIcon />} value={stats && formatCount(stats.totalProperties)} />
      <StatCard label="Total bids" icon={<GavelIcon />} value={stats && formatCount(stats.totalBids)} />
      <StatCard label="Total revenue" icon={<DollarIcon />} value={stats && formatCents(stats.totalRevenue)} />
    </section>
  );
}

function StatCard({ label, icon, value }: { label: string; icon: ReactNode; value: string | undefined }) {
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</h2>
        <span className="flex size-8 items-center justify-center rounded-lg bg-brand-soft text-brand [&_svg]:size-4" aria-hidden="true">
          {icon}
        </span>
      </div>
      {value === undefined ? (
        <Skeleton className="h-8 w-20" />
      ) : (
        <p className="truncate text-xl font-bold tabular-nums tracking-tight sm:text-2xl" title={value}>
          {value}
        </p>
      )}
    </Card>
  );
}
