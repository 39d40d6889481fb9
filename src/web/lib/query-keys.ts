// The keys the realtime layer touches. Features build their queryOptions from
// these so a pushed event always lands on the data the screens read.
export const queryKeys = {
  user: ['user'] as const,
  ownProperties: ['user', 'properties'] as const,
  properties: ['properties'] as const,
  property: (propertyId: string) => ['properties', propertyId] as const,
  propertyBids: (propertyId: string) => ['properties', propertyId, 'bids'] as const,
  adminActivity: ['admin', 'activity'] as const,
  adminDashboard: ['admin', 'dashboard'] as const,
};
