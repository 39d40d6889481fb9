import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { StreamConflictError } from '../port';
import type { EventStore, NewEvent, RecordedEvent } from '../port';

export type StoreRef = () => EventStore;

// Unique per run, so suites can share one server's log with other tests.
export function newStreamId(prefix = 'conformance'): string {
  return `${prefix}-${randomUUID()}`;
}

export function newEvent(data: Record<string, unknown> = {}, type = 'ConformanceChecked'): NewEvent {
  return { id: randomUUID(), type, data, metadata: { source: 'conformance' } };
}

export function newEvents(count: number): NewEvent[] {
  return Array.from({ length: count }, (_, n) => newEvent({ n }));
}

export function range(count: number): number[] {
  return Array.from({ length: count }, (_, n) => n);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await sleep(5);
  }
}

export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

export async function expectConflict(attempt: Promise<unknown>, actualRevision: number): Promise<StreamConflictError> {
  const error = await attempt.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(StreamConflictError);
  const conflict = error as StreamConflictError;
  expect(conflict.actualRevision).toBe(actualRevision);
  return conflict;
}

export function expectStrictlyIncreasing(positions: readonly number[]): void {
  const offending = positions.findIndex((position, i) => i > 0 && position <= (positions[i - 1] ?? Number.NaN));
  expect(offending, `position ${positions[offending]} does not follow ${positions[offending - 1]}`).toBe(-1);
}

export const idsOf = (events: readonly { id: string }[]): string[] => events.map((event) => event.id);

export function inStreams(streamIds: Iterable<string>): (event: RecordedEvent) => boolean {
  const wanted = new Set(streamIds);
  return (event) => wanted.has(event.streamId);
}
