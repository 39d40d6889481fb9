import { describe } from 'vitest';
import { describeReadStoreConformance } from './conformance';
import { createMongoReadStore } from './mongodb';

// Needs a MongoDB server (docker-compose provides one); none runs on the build machines.
describe.runIf(Boolean(process.env.MONGODB_URL))('mongodb read store', () => {
  describeReadStoreConformance('mongodb', () => createMongoReadStore({ url: process.env.MONGODB_URL ?? '', dbName: 'read_store_conformance' }));
});
