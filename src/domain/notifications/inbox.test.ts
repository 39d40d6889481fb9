import { describe, it } from 'vitest';
import { given } from '../shared/given-when-then';
import { inbox } from './inbox';

const at = '2026-11-28T10:00:00.000Z';

describe('inbox read marks', () => {
  it('marks the named entries read, each once', () => {
    given(inbox).when({ type: 'MarkNotificationsRead', userId: 'u1', ids: ['a', 'b', 'a'], at }).then([{ type: 'NotificationsRead', data: { userId: 'u1', ids: ['a', 'b'], at } }]);
  });

  it('marks every entry read with all', () => {
    given(inbox, [{ type: 'NotificationsRead', data: { userId: 'u1', ids: ['a'], at } }])
      .when({ type: 'MarkNotificationsRead', userId: 'u1', ids: 'all', at })
      .then([{ type: 'NotificationsRead', data: { userId: 'u1', ids: null, at } }]);
  });

  it('records nothing when no entry is named', () => {
    given(inbox).when({ type: 'MarkNotificationsRead', userId: 'u1', ids: [], at }).then([]);
  });
});
