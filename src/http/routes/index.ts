import type { Hono } from 'hono';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../context';
import { createAdminRoutes } from './admin/admin';
import { createApiDescriptionRoutes } from './api-description';
import { createAdminLegalRoutes } from './admin/admin-legal';
import { createAdminPageViewRoutes } from './admin/admin-page-views';
import { createAdminProspectRoutes } from './admin/admin-prospects';
import { createAdminPropertyRoutes } from './admin/admin-properties';
import { createAdminVerificationRoutes } from './admin/admin-verifications';
import { createAuthRoutes } from './accounts/auth';
import { createFileRoutes } from './listings/files';
import { createImageRoutes } from './listings/images';
import { createLegalRoutes } from './legal/legal';
import { createPageViewRoutes } from './analytics/page-views';
import { createPropertyRoutes } from './listings/properties';
import { createProspectRoutes } from './prospects/prospects';
import { createUploadRoutes } from './listings/uploads';
import { createVerificationRoutes } from './verification/verification';
import { createAdminBidRoutes } from './admin/admin-bids';
import { createAdminRealtorRoutes } from './admin/admin-realtors';
import { createBidSelectionRoutes } from './bidding/bid-selection';
import { createBidRoutes } from './bidding/bids';
import { createRealtorProfileRoutes } from './realtor-profiles/realtor-profiles';
import { createContactShareRoutes } from './bidding/contact-shares';
import { createNotificationRoutes } from './notifications/notifications';
import { createInboxRoutes } from './notifications/inbox';
import { createAdminPaymentRoutes } from './admin/admin-payments';
import { createCreditRoutes } from './payments/credits';
import { createPaymentMethodRoutes } from './payments/payment-methods';
import { createPaymentReturnRoutes } from './payments/payment-returns';
import { createStripeWebhookRoutes } from './payments/stripe-webhook';
import { createAdminTimelineRoutes } from './admin/admin-timeline';
import { createUserDataRoutes } from './accounts/user-data';
import { createMarketStatsRoutes } from './listings/market-stats';
import { createAdminReviewRoutes } from './admin/admin-reviews';
import { createReviewRoutes } from './reviews/reviews';

/** Every context's routes, mounted under /api. */
export function mountRoutes(api: Hono<AppEnv>, deps: AppDeps): void {
  api.route('/', createAuthRoutes(deps));
  api.route('/admin', createAdminRoutes(deps));
  api.route('/', createProspectRoutes(deps));
  api.route('/', createPageViewRoutes(deps));
  api.route('/', createLegalRoutes(deps));
  api.route('/admin', createAdminProspectRoutes(deps));
  api.route('/admin', createAdminPageViewRoutes(deps));
  api.route('/admin', createAdminLegalRoutes(deps));
  // Files, ownership verification and listings (docs/decisions/0012-listings-and-files.md).
  api.route('/', createFileRoutes(deps));
  api.route('/', createUploadRoutes(deps));
  api.route('/', createImageRoutes(deps));
  api.route('/', createVerificationRoutes(deps));
  api.route('/', createPropertyRoutes(deps));
  api.route('/admin', createAdminVerificationRoutes(deps));
  api.route('/admin', createAdminPropertyRoutes(deps));
  // Bids, the credits ledger and realtor profiles (docs/decisions/0013-bids-credits-profiles.md).
  api.route('/', createBidRoutes(deps));
  api.route('/', createBidSelectionRoutes(deps));
  api.route('/', createRealtorProfileRoutes(deps));
  api.route('/', createContactShareRoutes(deps));
  api.route('/', createNotificationRoutes(deps));
  // The notification inbox (docs/decisions/0060).
  api.route('/', createInboxRoutes(deps));
  // Before the bids' routes, which served the realtor profiles before every realtor was listed.
  api.route('/admin', createAdminRealtorRoutes(deps));
  api.route('/admin', createAdminBidRoutes(deps));
  // Credits and card payments (docs/decisions/0017-payments.md).
  api.route('/', createCreditRoutes(deps));
  api.route('/', createPaymentMethodRoutes(deps));
  api.route('/', createPaymentReturnRoutes(deps));
  api.route('/', createStripeWebhookRoutes(deps));
  api.route('/admin', createAdminPaymentRoutes(deps));
  // Admin time travel: one listing's or account's events and its state at a moment (docs/decisions/0041).
  api.route('/admin', createAdminTimelineRoutes(deps));
  // Public market stats by area (docs/decisions/0040-market-stats.md).
  api.route('/', createMarketStatsRoutes(deps));
  // The user's data: export and erasure (docs/decisions/0042-export-and-erasure.md).
  api.route('/', createUserDataRoutes(deps));
  // Verified reviews (docs/decisions/0051-verified-reviews-and-comparable-bids.md).
  api.route('/', createReviewRoutes(deps));
  api.route('/admin', createAdminReviewRoutes(deps));
  // The OpenAPI document of every route (docs/decisions/0027-metrics-and-api-description.md).
  api.route('/', createApiDescriptionRoutes(deps));
}
