// The keys the realtime layer touches. Features build their queryOptions from
// these so a pushed event always lands on the data the screens read.
export const queryKeys = {
  user: ['user'] as const,
  ownProperties: ['user', 'properties'] as const,
  properties: ['properties'] as const,
  property: (propertyId: string) => ['properties', propertyId] as const,
  propertyBids: (propertyId: string) => ['properties', propertyId, 'bids'] as const,
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
};
