import type { ListingSearch } from '../../contract/listings/listing-search';

// The keys the realtime layer touches. Features build their queryOptions from
// these so a pushed event always lands on the data the screens read.
export const queryKeys = {
  user: ['user'] as const,
  ownProperties: ['user', 'properties'] as const,
  properties: ['properties'] as const,
  property: (propertyId: string) => ['properties', propertyId] as const,
  propertyBids: (propertyId: string) => ['properties', propertyId, 'bids'] as const,
  // A realtor's own reads sit under ['user'], so logout drops them with the session.
  ownBids: ['user', 'bids'] as const,
  ownRealtorProfile: ['user', 'realtor-profile'] as const,
  realtorDashboard: ['user', 'dashboard'] as const,
  // Under ['user'], so logout drops it; read again as the dashboard opens (the realtime layer's exact dashboard invalidation leaves it alone).
  realtorInsights: ['user', 'dashboard', 'insights'] as const,
  // Under ['user'], so logout drops it; the selection push refreshes it for both parties.
  contactShares: ['user', 'contact-shares'] as const,
  // Another realtor's profile, as the viewer may see it (contact only after selection).
  realtorProfile: (realtorId: string) => ['realtor-profiles', realtorId] as const,
  // A realtor's visible reviews, newest first (docs/decisions/0051); under the profile's key, so refreshing one refreshes both.
  realtorReviews: (realtorId: string, limit: number) => ['realtor-profiles', realtorId, 'reviews', limit] as const,
  realtorReviewsAll: (realtorId: string) => ['realtor-profiles', realtorId, 'reviews'] as const,
  // The /home pages (an infinite query); under ['properties'] so pushed bid counts reach it.
  propertyPages: ['properties', 'pages'] as const,
  // One filtered /home search (docs/decisions/0036); under propertyPages, so what invalidates the pages reaches every search.
  propertySearch: (search: ListingSearch) => ['properties', 'pages', search] as const,
  // Under ['user'], so logout drops it with the session.
  verificationStatus: ['user', 'verification'] as const,
  // Signed image addresses (GET /api/proxy-image/{key}), one per key.
  proxyImage: (imageKey: string) => ['proxy-image', imageKey] as const,
  // Public legal documents: the active ones for a role (registration) and one per type (the legal pages).
  legalDocuments: ['legal-documents'] as const,
  activeLegalDocuments: (role: string) => ['legal-documents', 'active', role] as const,
  legalDocument: (type: string) => ['legal-documents', 'type', type] as const,
  // Under ['user'], so logout drops it with the rest of the session's data.
  pendingAgreements: ['user', 'pending-agreements'] as const,
  // Every admin read sits under ['admin'], so signing out clears them all at once.
  admin: ['admin'] as const,
  adminMe: ['admin', 'me'] as const,
  adminUsers: ['admin', 'users'] as const,
  adminAdministrators: ['admin', 'admin-users'] as const,
  adminActivity: ['admin', 'activity'] as const,
  adminDashboard: ['admin', 'dashboard'] as const,
  adminLegalDocuments: ['admin', 'legal-documents'] as const,
  adminProspects: ['admin', 'prospects'] as const,
  adminPageViews: ['admin', 'page-views'] as const,
  adminVerifications: ['admin', 'verifications'] as const,
  adminRealtorProfiles: ['admin', 'realtor-profiles'] as const,
  adminProperties: ['admin', 'properties'] as const,
  adminBids: ['admin', 'bids'] as const,
  adminReviews: ['admin', 'reviews'] as const,
  adminPayments: ['admin', 'payments'] as const,
  // GET /api/payments/config: public and fixed for the server's life.
  paymentsConfig: ['payments-config'] as const,
  // The realtor's credit statement; under ['user'], so logout drops it.
  creditStatement: ['user', 'credit-statement'] as const,
  // The inbox (docs/decisions/0060); under ['user'], so logout drops it.
  notifications: ['user', 'inbox'] as const,
};
