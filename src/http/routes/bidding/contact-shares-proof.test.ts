import { describe, expect, it } from 'vitest';
import { listProperty, placeBid, registerHomeowner, registerRealtor, testClock } from '../../../testing/bidding';
import type { TestApp } from '../../../testing/test-app';
import { testAppPerTest } from '../../../testing/test-app';
import { sendJson } from '../../../testing/user-session';

/*
 * "The list proves it" (docs/decisions/0038): a user's email or phone shows up
 * in another user's answers only if a `contact_shares` entry names that pair.
 * As in redaction.test.ts, every GET route outside the back office (the app's
 * own route table, so a later route is covered too) is called by every user,
 * and the raw answer text is searched for everyone else's email and phone.
 */

const app = testAppPerTest();
const closes = '2026-12-06T10:00:00.000Z';

function userRoutes(t: TestApp, params: Record<string, string[]>): string[] {
  const patterns = [...new Set(t.app.routes.filter((r) => r.method === 'GET' && r.path.startsWith('/api/') && !r.path.startsWith('/api/admin')).map((r) => r.path))];
  return patterns.flatMap((pattern) => {
    let paths = [pattern];
    for (const match of pattern.matchAll(/:(\w+)(\{[^}]*\})?/g)) {
      const values = params[match[1] ?? ''] ?? ['x'];
      paths = paths.flatMap((path) => values.map((value) => path.replace(match[0], encodeURIComponent(value))));
    }
    return paths;
  });
}

async function everyAnswer(t: TestApp, cookie: string, params: Record<string, string[]>): Promise<string> {
  const texts: string[] = [];
  for (const path of userRoutes(t, params)) texts.push(await (await sendJson(t.app, 'GET', path, undefined, cookie)).text());
  return texts.join('\n');
}

describe('contact details and the contact_shares list', () => {
  it('reach another user only where a contact_shares entry names the pair', async () => {
    const clock = testClock();
    const t = await app({ now: clock.now });
    const owner = await registerHomeowner(t, { phone: '+14165550111' });
    const neighbour = await registerHomeowner(t, { phone: '+14165550112' });
    const chosen = await registerRealtor(t, 3, { phone: '+14165550122' });
    const other = await registerRealtor(t, 3, { phone: '+14165550133' });
    const people = [
      { who: 'owner', session: owner, phone: '4165550111' },
      { who: 'neighbour', session: neighbour, phone: '4165550112' },
      { who: 'chosen', session: chosen, phone: '4165550122' },
      { who: 'other', session: other, phone: '4165550133' },
    ];
    const selected = await listProperty(t, owner.user.id, { biddingEndsAt: closes });
    const unselected = await listProperty(t, owner.user.id, { biddingEndsAt: closes });
    const open = await listProperty(t, neighbour.user.id, { biddingEndsAt: '2026-12-20T10:00:00.000Z' });
    const chosenBid = (await (await placeBid(t, chosen.cookie, selected)).json()) as { id: string };
    const otherBid = (await (await placeBid(t, other.cookie, selected)).json()) as { id: string };
    await placeBid(t, other.cookie, unselected);
    await placeBid(t, chosen.cookie, open);
    clock.set(closes);
    expect((await sendJson(t.app, 'POST', `/api/properties/${selected}/select-bid`, { bidId: chosenBid.id }, owner.cookie)).status).toBe(200);

    const params = {
      propertyId: [selected, unselected, open],
      id: [selected, unselected, open, chosenBid.id, otherBid.id],
      bidId: [chosenBid.id, otherBid.id],
      realtorId: [chosen.user.id, other.user.id],
      userId: people.map((p) => p.session.user.id),
    };
    const seen: string[] = [];
    const listed: string[] = [];
    for (const viewer of people) {
      const text = await everyAnswer(t, viewer.session.cookie, params);
      const shares = ((await (await sendJson(t.app, 'GET', '/api/contact-shares', undefined, viewer.session.cookie)).json()) as { shares: { otherUserId: string }[] }).shares;
      for (const subject of people) {
        if (subject === viewer) continue;
        if (text.includes(subject.session.input.email) || text.includes(subject.phone)) seen.push(`${viewer.who} saw ${subject.who}`);
        if (shares.some((s) => s.otherUserId === subject.session.user.id)) listed.push(`${viewer.who} saw ${subject.who}`);
      }
    }
    // Exactly the pairs the list names, and the selection did reveal details in both directions.
    expect(seen.sort()).toEqual(listed.sort());
    expect(listed.sort()).toEqual(['chosen saw owner', 'owner saw chosen']);
  });
});
