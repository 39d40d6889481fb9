import { describe } from 'vitest';
import { describeEventStoreConformance } from './conformance';
import { createKurrentDbEventStore } from './kurrentdb';

const connectionString = process.env.EVENTSTORE_URL ?? '';

// No server runs here; docker-compose provides one and sets EVENTSTORE_URL.
describe.runIf(Boolean(connectionString))('kurrentdb event store', () => {
  describeEventStoreConformance('kurrentdb', () => createKurrentDbEventStore({ connectionString }));
  // One prefix per run, shared by every store of a test: the suite must hold when other streams share the server.
  const streamPrefix = `conformance${Date.now()}-`;
  describeEventStoreConformance('kurrentdb with a stream prefix', () => createKurrentDbEventStore({ connectionString, streamPrefix }));
});
