import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from './next-task';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('nextTask', () => {
  it('resolves in a later task, after every microtask queued now and a timer queued before it', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('timer queued before'), 0);
    const waited = nextTask().then(() => order.push('next task'));
    void Promise.resolve()
      .then(() => order.push('microtask'))
      .then(() => order.push('chained microtask'));

    await waited;

    expect(order).toEqual(['microtask', 'chained microtask', 'timer queued before', 'next task']);
  });

  it("uses the browser's scheduler.yield() where there is one", async () => {
    const yielded = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yielded });

    await nextTask();

    expect(yielded).toHaveBeenCalledTimes(1);
  });
});
