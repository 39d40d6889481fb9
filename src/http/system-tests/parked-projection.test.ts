import { describe, expect, it } from 'vitest';
import { createProjections } from '../../projections/registry';
import type { Projection } from '../../projections/projection';
import { listProperty, registerHomeowner } from '../../testing/bidding';
import { sendJson } from '../../testing/user-session';
import { testAppPerTest } from '../../testing/test-app';
import { unpark } from '../../../scripts/unpark';

const app = testAppPerTest();
const PARKED_MESSAGE = 'The market_stats read model is paused on a faulty event until an operator retries or skips it; please try again later';

/** The app's projections, with market stats' code throwing on every listing while `broken.on` holds. */
function withBrokenMarketStats(broken: { on: boolean }): Projection[] {
  return createProjections().map((projection) =>
    projection.name !== 'market_stats'
      ? projection
      : {
          ...projection,
          apply: (event, store, context) => {
            if (event.type === 'PropertyListed' && broken.on) return Promise.reject(new TypeError("Cannot read properties of undefined (reading 'location')"));
            return projection.apply(event, store, context);
          },
        },
  );
}

describe('a read model whose code throws on one event type', () => {
  it('is parked alone: sign-in and listings keep working, its reads answer 503, /readyz and /metrics name it, and an operator skip ends it', async () => {
    const t = await app({ projections: withBrokenMarketStats({ on: true }), metricsToken: 'scrape-token' });
    const owner = await registerHomeowner(t);
    const propertyId = await listProperty(t, owner.user.id, { biddingEndsAt: '2099-01-01T00:00:00.000Z' });
    const listed = (await t.deps.eventStore.readStream(`property-${propertyId}`))[0];
    while (!t.runner.parked().has('market_stats')) await new Promise((resolve) => setTimeout(resolve, 10));

    // Sign-in and the listing itself answer as usual, also when the client asks for a position past the parked event.
    const login = await sendJson(t.app, 'POST', '/api/login', { username: owner.input.username, password: owner.input.password });
    expect(login.status).toBe(200);
    const head = String(await t.deps.eventStore.headPosition());
    const listing = await t.app.request(`/api/properties/${propertyId}`, { headers: { cookie: owner.cookie, 'x-min-position': head } });
    expect(listing.status).toBe(200);

    // The parked read model's own reads answer at once, with why.
    const stats = await t.app.request('/api/stats/areas', { headers: { 'x-min-position': head } });
    expect(stats.status).toBe(503);
    expect(stats.headers.get('retry-after')).toBe('30');
    expect(await stats.json()).toEqual({ message: PARKED_MESSAGE });

    const ready = await t.app.request('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: 'degraded',
      parked: [{ projection: 'market_stats', position: listed?.position, type: 'PropertyListed', stream: `property-${propertyId}`, error: "Cannot read properties of undefined (reading 'location')" }],
    });
    const metrics = await (await t.app.request('/metrics', { headers: { authorization: 'Bearer scrape-token' } })).text();
    expect(metrics).toContain(`bidhome_projection_parked{projection="market_stats",position="${listed?.position}",type="PropertyListed",stream="property-${propertyId}"} 1`);

    // The operator's command writes who and why to the log; the runner follows it.
    const done = await unpark(['--projection', 'market_stats', '--skip', '--reason', 'location missing in 1.4.1; fixed in 1.4.2'], {
      eventStore: t.deps.eventStore,
      readStore: t.deps.readStore,
      projections: createProjections().map((projection) => projection.name),
      by: 'ops-anna',
      now: () => new Date('2026-11-28T02:00:00.000Z'),
    });
    expect(done).toMatchObject({ type: 'SkipParkedEvent', projection: 'market_stats', position: listed?.position });
    const [operation] = await t.deps.eventStore.readStream('read-model-operations');
    expect(operation).toMatchObject({ type: 'ParkedEventSkipped', data: { projection: 'market_stats', position: listed?.position, by: 'ops-anna', reason: 'location missing in 1.4.1; fixed in 1.4.2' } });
    expect(await t.runner.waitFor(done.logPosition)).toBe(true);
    expect((await t.app.request('/api/stats/areas')).status).toBe(200);
    expect(await (await t.app.request('/readyz')).json()).toMatchObject({ status: 'ready' });
    expect(await (await t.app.request('/metrics', { headers: { authorization: 'Bearer scrape-token' } })).text()).not.toContain('bidhome_projection_parked{');
  });
});

describe('npm run projections:unpark', () => {
  const deps = async () => {
    const t = await app();
    return { t, deps: { eventStore: t.deps.eventStore, readStore: t.deps.readStore, projections: ['market_stats', 'users'], by: 'ops-anna', now: () => new Date() } };
  };

  it('refuses an unknown projection, both or neither of --retry and --skip, and a projection not parked without --position', async () => {
    const { deps: d } = await deps();
    await expect(unpark(['--projection', 'nope', '--skip', '--reason', 'x'], d)).rejects.toThrow('No projection is named "nope"; one of: market_stats, users');
    await expect(unpark(['--projection', 'users', '--skip', '--retry', '--reason', 'x'], d)).rejects.toThrow('Say --retry or --skip, one of them');
    await expect(unpark(['--projection', 'users', '--reason', 'x'], d)).rejects.toThrow('Say --retry or --skip, one of them');
    await expect(unpark(['--projection', 'users', '--retry', '--reason', 'x'], d)).rejects.toThrow('users is not parked in this read store; pass --position N as /readyz shows it on the node');
    await expect(unpark(['--projection', 'users', '--retry', '--position', 'x', '--reason', 'x'], d)).rejects.toThrow('The position of the parked event must be a whole number');
    await expect(unpark(['--projection', 'users', '--retry', '--position', '3'], d)).rejects.toThrow('Say why, in at most 500 characters (--reason)');
    await expect(unpark(['--projection', 'users', '--bogus'], d)).rejects.toThrow("Unknown option '--bogus'");
  });

  it('writes a retry with the position given, for a node whose read models are its own', async () => {
    const { t, deps: d } = await deps();
    const done = await unpark(['--projection', 'users', '--retry', '--position', '3', '--reason', 'store was full', '--by', 'ops-ben'], d);
    expect(done).toMatchObject({ type: 'RetryParkedEvent', position: 3 });
    const [operation] = await t.deps.eventStore.readStream('read-model-operations');
    expect(operation).toMatchObject({ type: 'ParkedEventRetried', data: { projection: 'users', position: 3, by: 'ops-ben', reason: 'store was full' } });
  });
});
