type YieldingScheduler = { yield?: () => Promise<void> };

/**
 * Resolves in a later task of the main thread, so what follows the `await` runs after the browser has had the chance
 * to paint and handle input: `scheduler.yield()` where the browser has it (the continuation goes ahead of other
 * tasks), a zero-delay timer elsewhere. The page's start is cut in such steps, each a task short enough not to block
 * (docs/decisions/0058, fifth round).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
