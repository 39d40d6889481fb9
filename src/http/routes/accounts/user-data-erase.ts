import type { Context } from 'hono';
import { storedKeysOf } from '../../../blobs/keys';
import { userStreamId } from '../../../domain/accounts/commands';
import { accountErasure } from '../../../domain/accounts/erasure';
import { uploadsStreamId } from '../../../domain/files/events';
import { listing } from '../../../domain/listings/decide';
import { propertyStreamId } from '../../../domain/listings/events';
import { ValidationError } from '../../../domain/shared/errors';
import { reservationStreamId } from '../../../domain/shared/reservation';
import { propertiesOfOwner } from '../../../projections/listings/properties-queries';
import { readAccount } from '../../aggregates';
import type { AppDeps } from '../../deps';
import { runCommand } from '../../commands';
import type { AppEnv } from '../../context';
import { UnauthorizedError } from '../../errors';
import { verifyPassword } from '../../platform/passwords';
import type { RateLimiter } from '../../platform/rate-limit';
import { releaseName } from '../../reservations';
import { INVALID_CREDENTIALS, RATE_RULES } from './auth-shared';

/**
 * Erases the signed-in user (DELETE /api/user, docs/decisions/0042): their
 * listings withdrawn as a delete does (bids refunded), SessionsEnded and
 * AccountErased on their stream, their key erased, their names freed, their
 * files and the mails waiting for them deleted.
 */
export async function eraseUser(deps: AppDeps, c: Context<AppEnv>, limiter: RateLimiter, userId: string, password: string): Promise<void> {
  await limiter.check(RATE_RULES.changePasswordFailuresPerAccount, userId);
  const state = await readAccount(deps, userId);
  if (state.status !== 'registered' || state.erasedAt !== undefined) throw new UnauthorizedError();
  const valid = state.passwordHash !== null && (await verifyPassword(password, state.passwordHash));
  if (!valid) {
    await limiter.record(RATE_RULES.changePasswordFailuresPerAccount, userId);
    // 400, not 401: the client reads 401 as "signed out".
    throw new ValidationError(INVALID_CREDENTIALS, { password: INVALID_CREDENTIALS });
  }
  const at = () => deps.clock().toISOString();
  const listings = await propertiesOfOwner(deps.readStore, userId, { projection: { _id: 1 } });
  for (const { _id } of listings) {
    // Bids on it are refunded by the bidding context, which reacts to PropertyDeleted as for an owner's delete.
    await runCommand(deps, c, propertyStreamId(_id), listing, { type: 'DeleteProperty', actorId: userId, at: at() });
  }
  await runCommand(deps, c, userStreamId(userId), accountErasure, { type: 'EraseAccount', at: at() });
  // After the append, so that the erasure's own request metadata is shredded with the rest.
  await deps.personalKeys?.erase(userId);
  await releaseName(c, deps.eventStore, reservationStreamId('username', state.username), userId, at());
  await releaseName(c, deps.eventStore, reservationStreamId('email', state.email), userId, at());
  await deleteUploads(deps, c, userId);
  const forgotten = await deps.mailer.forgetRecipient?.(state.email);
  deps.logger.info('account erased', { requestId: c.get('requestId'), userId, mailsDeleted: forgotten ?? null });
}

/** Every file the person uploaded: bills, listing images, their picture. */
async function deleteUploads(deps: AppDeps, c: Context<AppEnv>, userId: string): Promise<void> {
  for (const event of await deps.eventStore.readStream(uploadsStreamId(userId))) {
    const key = (event.data as { key?: unknown }).key;
    if (typeof key !== 'string') continue;
    try {
      for (const stored of storedKeysOf(key)) await deps.blobs.delete(stored);
    } catch (error) {
      deps.logger.warn('upload not deleted', { requestId: c.get('requestId'), key, error });
    }
  }
}
