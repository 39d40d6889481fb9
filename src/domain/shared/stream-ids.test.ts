import { describe, expect, it } from 'vitest';
import { parseStreamId, streamScheme } from './stream-ids';

describe('stream id schemes', () => {
  const user = streamScheme('user');
  const bidSeen = streamScheme('bid-seen');

  it('given an id, when its stream id is built, then it is the prefix, a dash and the id', () => {
    expect(user.of('42')).toBe('user-42');
    expect(bidSeen.of('p-1')).toBe('bid-seen-p-1');
  });

  it('given a stream id of the scheme, when it is read, then the id comes back whole, dashes included', () => {
    expect(user.idOf(user.of('a-b-c'))).toBe('a-b-c');
    expect(user.owns('user-a')).toBe(true);
  });

  it('given a stream id of another scheme, when it is read, then no id comes back', () => {
    expect(user.idOf('property-1')).toBeNull();
    expect(user.owns('property-1')).toBe(false);
    expect(user.owns('user')).toBe(false);
    expect(bidSeen.idOf('bid-mails-1')).toBeNull();
  });

  it('given an event its guard let through, when its id is taken, then it is the id; a stream of another scheme is a mistake that throws', () => {
    expect(user.idIn('user-7')).toBe('7');
    expect(() => user.idIn('property-7')).toThrow('Stream property-7 is not a user stream');
  });

  it('given several schemes, when a stream id is parsed, then the first that owns it names the id', () => {
    const sessionsUser = streamScheme('sessions-user');
    expect(parseStreamId('sessions-user-9', [user, sessionsUser])).toEqual({ scheme: sessionsUser, id: '9' });
    expect(parseStreamId('user-9', [user, sessionsUser])).toEqual({ scheme: user, id: '9' });
    expect(parseStreamId('payment-9', [user, sessionsUser])).toBeNull();
  });
});
