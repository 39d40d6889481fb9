import { Hono } from 'hono';
import { loadContactShares } from '../../../projections/bidding/contact-shares';
import { propertiesByIds } from '../../../projections/listings/properties-queries';
import { usersByIds } from '../../../projections/accounts/users-queries';
import type { AppDeps } from '../../deps';
import type { ContactShareView } from '../../../contract/bidding/bidding';
import type { AppEnv } from '../../context';
import { requireUser } from '../../guards';
import { currentUserId } from '../accounts/auth-shared';

/** GET /api/contact-shares: every selection the signed-in user is a party to, newest first (docs/decisions/0038). */
export function createContactShareRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/contact-shares', requireUser(), async (c) => {
    const userId = currentUserId(c);
    const shares = await loadContactShares(deps.readStore, userId);
    const otherIds = [...new Set(shares.map((s) => (s.ownerId === userId ? s.realtorId : s.ownerId)))];
    const propertyIds = [...new Set(shares.map((s) => s.propertyId))];
    const [users, properties] = await Promise.all([
      otherIds.length ? usersByIds(deps.readStore, otherIds) : [],
      propertyIds.length ? propertiesByIds(deps.readStore, propertyIds) : [],
    ]);
    const names = new Map(users.map((u) => [u._id, u.name]));
    const titles = new Map(properties.map((p) => [p._id, p.title]));
    const views: ContactShareView[] = shares.map((s) => {
      const role = s.ownerId === userId ? 'owner' : 'realtor';
      const otherUserId = role === 'owner' ? s.realtorId : s.ownerId;
      return {
        propertyId: s.propertyId,
        propertyTitle: titles.get(s.propertyId) ?? 'a removed listing',
        otherUserId,
        otherName: names.get(otherUserId) ?? 'a former user',
        role,
        details: ['email', 'phone'],
        at: s.at,
      };
    });
    return c.json({ shares: views });
  });
}
