import { createBidMailsOwedProjection } from './bid-mails-owed';
import { createErasureProjection } from './erasure';
import { createInboxProjection } from './inbox';
import { createActivityLogProjection } from './activity-log';
import { createAdminUsersProjection } from './admin-users';
import { createBidRevisionsProjection } from './bid-revisions';
import { createBidsProjection } from './bids';
import { createCreditsOwedProjection } from './credits-owed';
import { createCreditStatementProjection } from './credit-statement';
import { createContactSharesProjection } from './contact-shares';
import { createLegalDocumentsProjection } from './legal-documents';
import { createMailsOwedProjection } from './mails-owed';
import { createMarketStatsProjection } from './market-stats';
import { createNotificationPreferencesProjection } from './notification-preferences';
import { createPageViewsProjection } from './page-views';
import { createPaymentsProjection } from './payments';
import type { Projection } from './projection';
import { createPropertiesProjection } from './properties';
import { createProspectsProjection } from './prospects';
import { createRealtorInsightsProjection } from './realtor-insights';
import { createRealtorProfilesProjection } from './realtor-profiles';
import { createRefundsOwedProjection } from './refunds-owed';
import { createClosesOwedProjection } from './closes-owed';
import { createReviewsProjection } from './reviews';
import { createSessionsProjection } from './sessions';
import { createUserAgreementsProjection } from './user-agreements';
import { createUsersProjection } from './users';
import { createVerificationsProjection } from './verifications';

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
