import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Badge } from '../../components/ui/badge';
import { buttonVariants } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ErrorState } from '../../components/ui/error-state';
import { CoinsIcon, GavelIcon, TrophyIcon } from '../../components/ui/icons';
import { CheckIcon } from '../../components/ui/shell-icons';
import { Progress } from '../../components/ui/progress';
import { Skeleton } from '../../components/ui/skeleton';
import { realtorDashboardQuery } from './queries';
import type { AchievementJson } from '../../../contract/realtor-profiles/realtor-insights';

/**
 * /dashboard, 'Realtor Dashboard' (SPEC §2): credits, total bids and the
 * achievements of SPEC §9 with their progress and rewards. `credits` is the
 * session's count, which the realtime layer keeps live; the totals and
 * achievements come from GET /api/dashboard, the same numbers that grant rewards.
 * `children` are further sections a route adds inside the page's <main>, after these.
 */
export function RealtorDashboardPage({ name, credits, children }: { name: string; credits: number; children?: ReactNode }) {
  const dashboard = useQuery(realtorDashboardQuery());
  const data = dashboard.data;

  return (
    <main className="mx-auto grid w-full max-w-5xl flex-1 content-start gap-8 px-4 py-8 sm:px-6 lg:py-12">
      <div className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Realtor Dashboard</h1>
        <p className="text-muted-foreground">Welcome back, {name}.</p>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <StatCard icon={<CoinsIcon />} label="Available credits" value={<span data-testid="dashboard-credits">{credits}</span>}>
          <p className="text-sm text-muted-foreground">One credit places one bid on a listing.</p>
          <Link to="/store" className={buttonVariants({ variant: 'brand', className: 'w-full sm:w-auto sm:justify-self-start' })}>
            Buy credits
          </Link>
        </StatCard>
        <StatCard
          icon={<GavelIcon />}
          label="Total bids"
          value={data === undefined ? <Skeleton className="h-10 w-12" /> : <span data-testid="dashboard-total-bids">{data.totalBids}</span>}
        >
          <p className="text-sm text-muted-foreground">Every bid you have placed, including bids on listings since removed.</p>
          <Link to="/realtor-profile" className={buttonVariants({ variant: 'outline', className: 'w-full sm:w-auto sm:justify-self-start' })}>
            View your bids
          </Link>
        </StatCard>
      </div>

      <section className="grid gap-4" aria-labelledby="achievements-heading">
        <div className="grid gap-1">
          <h2 id="achievements-heading" className="text-xl font-semibold">
            Achievements
          </h2>
          <p className="text-sm text-muted-foreground">
            Complete one and its reward is added to your credits. Only bids that still stand count: when a listing you bid on is removed, your credit
            comes back and a reward that bid completed is withdrawn.
          </p>
        </div>
        {dashboard.isError ? (
          <ErrorState title="Failed to load your achievements" error={dashboard.error} onRetry={() => void dashboard.refetch()} />
        ) : data === undefined ? (
          <div role="status" className="grid gap-4 md:grid-cols-3">
            <span className="sr-only">Loading achievements</span>
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} className="h-44 w-full rounded-xl" />
            ))}
          </div>
        ) : (
          <ul className="grid gap-4 md:grid-cols-3">
            {data.achievements.map((achievement) => (
              <li key={achievement.id}>
                <AchievementCard achievement={achievement} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {children}
    </main>
  );
}

function StatCard({ icon, label, value, children }: { icon: ReactNode; label: string; value: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="pb-2">
        <div className="flex items-center justify-between gap-3">
          <CardDescription>{label}</CardDescription>
          <span className="flex size-9 items-center justify-center rounded-full bg-brand-soft text-brand-hover [&_svg]:size-4" aria-hidden="true">
            {icon}
          </span>
        </div>
        <div className="text-4xl font-extrabold leading-none tracking-tight tabular-nums">{value}</div>
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}

function AchievementCard({ achievement }: { achievement: AchievementJson }) {
  const { title, description, progress, maxProgress, reward, completed } = achievement;
  const progressId = `achievement-${achievement.id}`;
  return (
    <Card className={completed ? 'h-full border-emerald-200 bg-emerald-50/40' : 'h-full'} data-testid={progressId} data-completed={completed}>
      <CardHeader className="pb-3">
        <div className="flex items-start justify-between gap-3">
          <span
            className={
              completed
                ? 'flex size-10 items-center justify-center rounded-full bg-emerald-100 text-emerald-700'
                : 'flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground'
            }
            aria-hidden="true"
          >
            <TrophyIcon className="size-5" />
          </span>
          {completed ? (
            <Badge variant="success">
              <CheckIcon />
              Completed
            </Badge>
          ) : (
            <Badge variant="muted">In progress</Badge>
          )}
        </div>
        <CardTitle id={`${progressId}-title`} className="pt-2 text-lg">
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="grid gap-1.5">
          <div className="flex items-center justify-between text-sm">
            <span className="text-muted-foreground">Progress</span>
            <span className="font-medium tabular-nums">
              {progress} / {maxProgress}
            </span>
          </div>
          <Progress value={progress} max={maxProgress} aria-labelledby={`${progressId}-title`} />
        </div>
        <p className="text-sm font-medium text-brand-hover">
          Reward: {reward} {reward === 1 ? 'credit' : 'credits'}
          {completed && <span className="font-normal text-muted-foreground"> · granted</span>}
        </p>
      </CardContent>
    </Card>
  );
}
