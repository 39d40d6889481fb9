import { Link } from '@tanstack/react-router';
import { buttonVariants } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';

/** /dashboard. Total bids and achievements join the credits card with the bidding issue. */
export function RealtorDashboard({ name, credits }: { name: string; credits: number }) {
  return (
    <main className="mx-auto grid w-full max-w-5xl flex-1 content-start gap-8 px-4 py-8 sm:px-6 lg:py-12">
      <div className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Realtor Dashboard</h1>
        <p className="text-muted-foreground">Welcome back, {name}.</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Card>
          <CardHeader className="pb-2">
            <CardDescription>Available credits</CardDescription>
            <CardTitle className="text-4xl font-extrabold" data-testid="dashboard-credits">
              {credits}
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <p className="text-sm text-muted-foreground">One credit places one bid on a listing.</p>
            <Link to="/store" className={buttonVariants({ variant: 'brand', className: 'w-full sm:w-auto sm:justify-self-start' })}>
              Buy credits
            </Link>
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
