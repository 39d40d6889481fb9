import { describe, expect, it } from 'vitest';
import type { KurrentRecordedEvent } from './kurrentdb-mapping';
import { createStreamNames } from './kurrentdb-mapping';

const event = (streamId: string, type = 'UserRegistered'): KurrentRecordedEvent => ({
  id: '0a1b2c3d-0000-4000-8000-000000000001',
  type,
  streamId,
  revision: 0n,
  data: { name: 'Ada' },
  metadata: {},
  created: new Date('2025-01-02T03:04:05.000Z'),
  position: { commit: 42n, prepare: 42n },
});

describe('stream names on a KurrentDB server', () => {
  it('without a prefix, uses our names as they are and skips only system streams and events', () => {
    const names = createStreamNames('');
    expect(names.onServer('user-1')).toBe('user-1');
    expect(names.ours(event('user-1'))).toMatchObject({ streamId: 'user-1', position: 42, type: 'UserRegistered' });
    expect(names.ours(event('$settings'))).toBeUndefined();
    expect(names.ours(event('user-1', '$metadata'))).toBeUndefined();
    expect(names.allFilter()).toMatchObject({ filterOn: 'eventType', regex: '^[^$].*' });
  });

  it('with a prefix, writes under it, reads $all through it and never sees another service\'s streams', () => {
    const names = createStreamNames('bidhome-');
    expect(names.onServer('user-1')).toBe('bidhome-user-1');
    expect(names.ours(event('bidhome-user-1'))).toMatchObject({ streamId: 'user-1', position: 42, data: { name: 'Ada' } });
    expect(names.ours(event('user-1'))).toBeUndefined();
    expect(names.ours(event('billing-user-1'))).toBeUndefined();
    expect(names.allFilter()).toMatchObject({ filterOn: 'streamName', prefixes: ['bidhome-'] });
  });
});
