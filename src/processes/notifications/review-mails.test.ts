import { describe, expect, it } from 'vitest';
import type { Mail } from '../../mail/port';
import { listProperty, placeBid, registerHomeowner, registerRealtor, testClock } from '../../testing/bidding';
import { testAppPerTest } from '../../testing/test-app';
import { sendJson } from '../../testing/user-session';

/*
 * The review mails follow the log (docs/decisions/0051, 0063): the realtor
 * hears of a new review, the homeowner of the realtor's reply; each once,
 * recorded sent, never by the request, and never to an erased reader.
 */

const app = testAppPerTest();
const closes = '2026-12-06T10:00:00.000Z';

async function reviewed() {
  const clock = testClock();
  const t = await app({ now: clock.now });
  const owner = await registerHomeowner(t, { name: 'Olive Owner' });
  const realtor = await registerRealtor(t, 1, { name: 'Rita Realtor' });
  const propertyId = await listProperty(t, owner.user.id, { biddingEndsAt: closes, title: 'Sunny loft' });
  const bidId = ((await (await placeBid(t, realtor.cookie, propertyId, { amount: 150 })).json()) as { id: string }).id;
  clock.set(closes);
  expect((await sendJson(t.app, 'POST', `/api/properties/${propertyId}/select-bid`, { bidId }, owner.cookie)).status).toBe(200);
  expect((await sendJson(t.app, 'POST', `/api/properties/${propertyId}/review`, { rating: 4, text: 'Clear advice and a quick sale.' }, owner.cookie)).status).toBe(201);
  const reply = () => sendJson(t.app, 'POST', `/api/reviews/${propertyId}/reply`, { text: 'Thank you, it was a pleasure.' }, realtor.cookie);
  const sent = async (kind: string) => (await t.deps.eventStore.readAll()).filter((e) => e.type === 'MailSent' && (e.data as { kind: string }).kind === kind).map((e) => e.data as { skipped?: string });
  return { t, owner, realtor, propertyId, reply, sent };
}

const tagged = (mails: Mail[], tag: string) => mails.filter((mail) => mail.tag === tag);

describe('review mails', () => {
  it('given a review, when the mail process has run, then the realtor is mailed once with the rating, the listing and a link to their reviews, also after a replay', async () => {
    const { t, realtor, sent } = await reviewed();
    const [mail, ...more] = tagged(await t.mailed(), 'review-received');
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ to: realtor.input.email, subject: 'New review from a homeowner' });
    expect(mail?.text).toContain('"Sunny loft"');
    expect(mail?.text).toContain('4 out of 5 stars');
    expect(mail?.text).toContain('http://localhost:3000/dashboard');
    // The review's words are sealed under the author's key: the mail does not quote them.
    expect(mail?.text).not.toContain('Clear advice');
    expect((await sent('review-received')).map((record) => record.skipped)).toEqual([undefined]);

    await t.runner.rebuild();
    expect(tagged(await t.mailed(), 'review-received')).toHaveLength(1);
    expect(await sent('review-received')).toHaveLength(1);
  });

  it('given a reply, when the mail process has run, then the review\'s author is mailed once that the realtor replied, with a link to the listing', async () => {
    const { t, owner, propertyId, reply, sent } = await reviewed();
    expect((await reply()).status).toBe(200);
    const [mail, ...more] = tagged(await t.mailed(), 'review-replied');
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ to: owner.input.email, subject: 'Rita Realtor replied to your review' });
    expect(mail?.text).toContain(`http://localhost:3000/listing/${propertyId}`);
    expect(mail?.text).not.toContain('Thank you, it was a pleasure.');
    expect(await sent('review-replied')).toHaveLength(1);

    await t.runner.rebuild();
    expect(tagged(await t.mailed(), 'review-replied')).toHaveLength(1);
    expect(await sent('review-replied')).toHaveLength(1);
  });

  it('given the review\'s author erased, when the realtor replies, then nobody is mailed and the mail is recorded skipped', async () => {
    const { t, owner, reply, sent } = await reviewed();
    expect((await sendJson(t.app, 'DELETE', '/api/user', { password: owner.input.password }, owner.cookie)).status).toBe(200);
    expect((await reply()).status).toBe(200);
    expect(tagged(await t.mailed(), 'review-replied')).toEqual([]);
    expect(await sent('review-replied')).toEqual([expect.objectContaining({ skipped: 'the reader was erased' })]);
  });
});
