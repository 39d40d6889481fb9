import { createFileRoute, redirect } from '@tanstack/react-router';
import { CreditStatement } from '../../features/payments/credit-statement';
import { creditStatementQuery } from '../../features/payments/queries';
import { realtorDashboardQuery, realtorInsightsQuery } from '../../features/realtor-profiles/queries';
import { RealtorDashboardPage } from '../../features/realtor-profiles/dashboard-page';
import { InsightsSection } from '../../features/realtor-profiles/insights-section';
import { RealtorReviewsSection } from '../../features/reviews/realtor-reviews-section';
import { useSignedInUser } from '../../features/accounts/queries';

export const Route = createFileRoute('/_authenticated/dashboard')({
  // The dashboard is the realtor's (SPEC §2 Header); GET /api/dashboard refuses other roles.
  beforeLoad: ({ context }) => {
    if (context.user.role !== 'realtor') throw redirect({ to: '/' });
  },
  // Started, not awaited: the credits show at once and the totals fill in.
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(realtorDashboardQuery());
    void queryClient.prefetchQuery(creditStatementQuery());
    void queryClient.prefetchQuery(realtorInsightsQuery());
  },
  component: DashboardRoute,
});

function DashboardRoute() {
  const user = useSignedInUser();
  return (
    <div className="flex flex-1 flex-col">
      <RealtorDashboardPage name={user.name} credits={user.credits}>
        <InsightsSection />
        <RealtorReviewsSection realtorId={user.id} />
      </RealtorDashboardPage>
      {/* Below the page's own sections: every purchase, spend, refund, admin change and reward. */}
      <div className="mx-auto w-full max-w-5xl px-4 pb-12 sm:px-6">
        <CreditStatement />
      </div>
    </div>
  );
}
