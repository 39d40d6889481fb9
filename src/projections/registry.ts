import { createBidMailsOwedProjection } from './notifications/bid-mails-owed';
import { createErasureProjection } from './erasure';
import { createInboxProjection } from './notifications/inbox';
import { createActivityLogProjection } from './admin/activity-log';
import { createAdminUsersProjection } from './admin/admin-users';
import { createBidRevisionsProjection } from './bidding/bid-revisions';
import { createBidsProjection } from './bidding/bids';
import { createCreditsOwedProjection } from './payments/credits-owed';
import { createCreditStatementProjection } from './payments/credit-statement';
import { createContactSharesProjection } from './bidding/contact-shares';
import { createLegalDocumentsProjection } from './legal/legal-documents';
import { createMailsOwedProjection } from './notifications/mails-owed';
import { createMarketStatsProjection } from './listings/market-stats';
import { createNotificationPreferencesProjection } from './notifications/notification-preferences';
import { createPageViewsProjection } from './analytics/page-views';
import { createPaymentsProjection } from './payments/payments';
import type { Projection } from './projection';
import { createPropertiesProjection } from './listings/properties';
import { createProspectsProjection } from './prospects/prospects';
import { createRealtorInsightsProjection } from './realtor-profiles/realtor-insights';
import { createRealtorProfilesProjection } from './realtor-profiles/realtor-profiles';
import { createRefundsOwedProjection } from './bidding/refunds-owed';
import { createClosesOwedProjection } from './bidding/closes-owed';
import { createReviewsProjection } from './reviews/reviews';
import { createSessionsProjection } from './sessions/sessions';
import { createUserAgreementsProjection } from './legal/user-agreements';
import { createUsersProjection } from './accounts/users';
import { createVerificationsProjection } from './verification/verifications';

/** Every read model of the app. Each context adds its projection here. */
export function createProjections(): Projection[] {
  return [
    createUsersProjection(),
    createAdminUsersProjection(),
    createSessionsProjection(),
    createActivityLogProjection(),
    createProspectsProjection(),
    createPageViewsProjection(),
    createLegalDocumentsProjection(),
    createUserAgreementsProjection(),
    createVerificationsProjection(),
    createPropertiesProjection(),
    createRealtorProfilesProjection(),
    createBidsProjection(),
    createBidRevisionsProjection(),
    createRealtorInsightsProjection(),
    createContactSharesProjection(),
    createMarketStatsProjection(),
    createNotificationPreferencesProjection(),
    createReviewsProjection(),
    // After `bids` and `notification_preferences`, which say whom a new bid is mailed to.
    createBidMailsOwedProjection(),
    // After `properties`, `bids`, `realtor_profiles`, `notification_preferences`, `prospects` and `reviews`: every other
    // mail an event owes, a new listing's alerts, the listing digest and the review mails among them (docs/decisions/0060, 0063).
    createMailsOwedProjection(),
    createPaymentsProjection(),
    createCreditStatementProjection(),
    // What the process managers owe; after `bids`, whose standing bids the refunds are read from.
    createRefundsOwedProjection(),
    createCreditsOwedProjection(),
    createClosesOwedProjection(),
    // After every read model its table of entries reads: bids, realtor profiles, reviews (docs/decisions/0060).
    createInboxProjection(),
    // Last: on an AccountErased it scrubs what the read models above have written (docs/decisions/0042).
    createErasureProjection(),
  ];
}
