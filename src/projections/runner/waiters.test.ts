import { describe, expect, it } from 'vitest';
import { createWaiters } from './waiters';

describe('read-your-writes waiters', () => {
  it('answer at once for a position reached, or none', async () => {
    let current: number | undefined = 5;
    const waiters = createWaiters(() => current);
    expect(await waiters.waitFor(5, 1000)).toBe(true);
    expect(await waiters.waitFor(undefined, 1000)).toBe(true);
    current = undefined;
    expect(await waiters.waitFor(1, 0)).toBe(false);
  });

  it('resolve when a settle finds their position reached, and not before', async () => {
    let current = 1;
    const waiters = createWaiters(() => current);
    const results: Array<[number, boolean]> = [];
    void waiters.waitFor(2, 10_000).then((ok) => results.push([2, ok]));
    void waiters.waitFor(3, 10_000).then((ok) => results.push([3, ok]));
    current = 2;
    waiters.settle();
    await Promise.resolve();
    expect(results).toEqual([[2, true]]);
    current = 3;
    waiters.settle();
    await Promise.resolve();
    expect(results).toEqual([
      [2, true],
      [3, true],
    ]);
  });

  it('answer false after their timeout, and all false when ended', async () => {
    const waiters = createWaiters(() => 0);
    expect(await waiters.waitFor(1, 5)).toBe(false);
    const pending = waiters.waitFor(1, 10_000);
    waiters.end();
    expect(await pending).toBe(false);
  });
});

describe('waiters for some projections only', () => {
  it('resolve once those reached the position, whatever the others', async () => {
    const positions = new Map([
      ['bids', 1],
      ['market', 1],
    ]);
    const lowest = (names: readonly string[]) => Math.min(...names.map((name) => positions.get(name) ?? 0));
    const waiters = createWaiters((names) => lowest(names ?? [...positions.keys()]));
    const results: string[] = [];
    void waiters.waitFor(2, 10_000, ['bids']).then((ok) => results.push(`bids ${ok}`));
    void waiters.waitFor(2, 10_000).then((ok) => results.push(`all ${ok}`));
    expect(waiters.anyNamed()).toBe(true);
    positions.set('bids', 2);
    waiters.settle();
    await Promise.resolve();
    expect(results).toEqual(['bids true']);
    expect(waiters.anyNamed()).toBe(false);
    positions.set('market', 2);
    waiters.settle();
    await Promise.resolve();
    expect(results).toEqual(['bids true', 'all true']);
  });

  it('look at the checkpoints once per list of names in a settle, and answer waiters of lists in turn by their own', async () => {
    const positions = new Map([
      ['bids', 1],
      ['market', 1],
    ]);
    const looks: string[] = [];
    const bids = ['bids'];
    const market = ['market'];
    const waiters = createWaiters((names) => {
      looks.push((names ?? []).join());
      return Math.min(...(names ?? [...positions.keys()]).map((name) => positions.get(name) ?? 0));
    });
    const results: string[] = [];
    for (const [names, label] of [[bids, 'b1'], [bids, 'b2'], [market, 'm1'], [bids, 'b3'], [market, 'm2']] as const) {
      void waiters.waitFor(2, 10_000, names).then((ok) => results.push(`${label} ${ok}`));
    }
    looks.length = 0;
    positions.set('market', 2);
    waiters.settle();
    await Promise.resolve();
    expect(results).toEqual(['m1 true', 'm2 true']);
    // Each run of waiters sharing a list looks once: bids, market, bids, market.
    expect(looks).toEqual(['bids', 'market', 'bids', 'market']);
    positions.set('bids', 2);
    waiters.settle();
    await Promise.resolve();
    expect(results).toEqual(['m1 true', 'm2 true', 'b1 true', 'b2 true', 'b3 true']);
  });

  it('after one projection applied an event, answer only the waiters at or below it, and the later ones once their event is applied', async () => {
    const positions = new Map([['bids', 1]]);
    const waiters = createWaiters((names) => Math.min(...(names ?? [...positions.keys()]).map((name) => positions.get(name) ?? 0)));
    const results: string[] = [];
    void waiters.waitFor(2, 10_000, ['bids']).then((ok) => results.push(`2 ${ok}`));
    void waiters.waitFor(3, 10_000, ['bids']).then((ok) => results.push(`3 ${ok}`));
    positions.set('bids', 2);
    waiters.settle(2);
    await Promise.resolve();
    expect(results).toEqual(['2 true']);
    positions.set('bids', 3);
    waiters.settle(3);
    await Promise.resolve();
    expect(results).toEqual(['2 true', '3 true']);
    expect(waiters.anyNamed()).toBe(false);
  });

  it('say which projections a waiter names, until it is answered, timed out or ended', async () => {
    const positions = new Map([
      ['bids', 1],
      ['market', 1],
      ['users', 1],
    ]);
    const waiters = createWaiters((names) => Math.min(...(names ?? [...positions.keys()]).map((name) => positions.get(name) ?? 0)));
    const first = waiters.waitFor(2, 10_000, ['bids', 'market']);
    const second = waiters.waitFor(3, 10_000, ['bids']);
    const unnamed = waiters.waitFor(2, 10_000);
    expect([waiters.wants('bids'), waiters.wants('market'), waiters.wants('users')]).toEqual([true, true, false]);
    positions.set('bids', 2);
    positions.set('market', 2);
    waiters.settle(2);
    expect(await first).toBe(true);
    expect([waiters.wants('bids'), waiters.wants('market')]).toEqual([true, false]);
    expect(await waiters.waitFor(9, 5, ['users'])).toBe(false);
    expect(waiters.wants('users')).toBe(false);
    waiters.end();
    expect([await second, await unnamed]).toEqual([false, false]);
    expect([waiters.wants('bids'), waiters.anyNamed()]).toEqual([false, false]);
  });
});
