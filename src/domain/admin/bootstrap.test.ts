import { describe, it } from 'vitest';
import { ConflictError } from '../shared/errors';
import { given } from '../shared/given-when-then';
import { BOOTSTRAP_IN_PROGRESS, adminBootstrapDecider } from './bootstrap';
import type { BootstrapEvent } from './bootstrap';
import { toAdminId } from './events';

const first = toAdminId('first');
const second = toAdminId('second');
const claimed: BootstrapEvent[] = [{ type: 'AdminBootstrapClaimed', data: { adminId: first, at: '2026-11-22T10:00:00.000Z' } }];
const claim = (at: string) => ({ type: 'ClaimAdminBootstrap', adminId: second, at, leaseMs: 60_000 }) as const;

describe('ClaimAdminBootstrap', () => {
  it('claims an unclaimed bootstrap for the new administrator id', () => {
    given(adminBootstrapDecider)
      .when(claim('2026-11-22T10:00:00.000Z'))
      .then([{ type: 'AdminBootstrapClaimed', data: { adminId: second, at: '2026-11-22T10:00:00.000Z' } }]);
  });

  it('is refused while another claim holds', () => {
    given(adminBootstrapDecider, claimed).when(claim('2026-11-22T10:00:59.999Z')).thenThrows(ConflictError, BOOTSTRAP_IN_PROGRESS);
  });

  it('takes over a stale claim, keeping the claimed id', () => {
    given(adminBootstrapDecider, claimed)
      .when(claim('2026-11-22T10:01:00.000Z'))
      .then([{ type: 'AdminBootstrapClaimed', data: { adminId: first, at: '2026-11-22T10:01:00.000Z' } }]);
  });
});
