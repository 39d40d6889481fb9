import { describe, expect, it } from 'vitest';
import { describeReadStoreConformance } from './conformance';
import { createMongoReadStore, databaseNameOf } from './mongodb';

describe('databaseNameOf', () => {
  it('takes the database from the connection string, else bidhome rather than the driver\'s test', () => {
    expect(databaseNameOf('mongodb://localhost:27017/shop?replicaSet=rs0')).toBe('shop');
    expect(databaseNameOf('mongodb://app:p%40ss@db1:27017,db2:27017/bids%2Dprod?authSource=admin')).toBe('bids-prod');
    expect(databaseNameOf('mongodb+srv://cluster.example.net/orders')).toBe('orders');
    expect(databaseNameOf('mongodb://localhost:27017/?replicaSet=rs0')).toBe('bidhome');
    expect(databaseNameOf('mongodb://localhost:27017?replicaSet=rs0')).toBe('bidhome');
    expect(databaseNameOf('mongodb://localhost:27017')).toBe('bidhome');
  });
});

// Needs a MongoDB server (docker-compose provides one); none runs on the build machines.
describe.runIf(Boolean(process.env.MONGODB_URL))('mongodb read store', () => {
  describeReadStoreConformance('mongodb', () => createMongoReadStore({ url: process.env.MONGODB_URL ?? '', dbName: 'read_store_conformance' }));
});
