import type { RecordedEvent } from '../../event-store/port';
import type { Collection, Doc, ReadStore } from '../../read-store/port';
import type { ApplyContext, Projection } from '../projection';

const WRITES = new Set(['insertOne', 'updateOne', 'updateMany', 'deleteOne', 'deleteMany', 'createIndex', 'drop']);

/** Thrown at a write of a projection applying an event type it does not declare: nothing is written. */
class UndeclaredWrite extends Error {}

/**
 * Which events the runner skips for a projection: those of a type outside its
 * `handles` (docs/decisions/0052, seventh round). A skipped event moves the
 * projection's position without a call to `apply`.
 *
 * `check` (the runner's `checkSkips`, on in the test runs) applies each skipped
 * event all the same, through a store that lets reads through and refuses
 * writes, and reports a write or a push as an error: a type missing from
 * `handles` is then caught by any test whose log holds such an event.
 */
export function createSkips(projections: readonly Projection[], options: { check: boolean }) {
  const handled = new Map(projections.map((projection) => [projection.name, projection.handles ? new Set(projection.handles) : undefined]));

  const readOnly = (store: ReadStore, projection: Projection, event: RecordedEvent): ReadStore => ({
    collection<T extends Doc>(name: string): Collection<T> {
      const collection = store.collection<T>(name);
      return new Proxy(collection, {
        get(target, key, receiver) {
          if (typeof key === 'string' && WRITES.has(key)) {
            return () => Promise.reject(new UndeclaredWrite(`${projection.name} wrote to ${name} (${key}) on ${event.type}, a type its \`handles\` does not name`));
          }
          return Reflect.get(target, key, receiver) as unknown;
        },
      });
    },
    close: () => store.close(),
  });

  return {
    /** Whether skipped events are checked (`check`); nothing is awaited for them otherwise. */
    checking: options.check,
    /** Whether `projection` does nothing with `event`, by its own declaration. */
    skips: (projection: Projection, event: RecordedEvent): boolean => {
      const types = handled.get(projection.name);
      return types !== undefined && !types.has(event.type);
    },
    /** In the test runs: a skipped event must cause no write and no push. */
    async check(projection: Projection, event: RecordedEvent, store: ReadStore, context: ApplyContext): Promise<void> {
      let problem: string | undefined;
      try {
        const pushes = await projection.apply(event, readOnly(store, projection, event), context);
        if (pushes && pushes.length > 0) problem = `${projection.name} pushed on ${event.type}, a type its \`handles\` does not name`;
      } catch (error) {
        // A projection that throws on an event it is never given would have failed on it: also a sign it handles it.
        problem = error instanceof UndeclaredWrite ? error.message : `${projection.name} threw on ${event.type}, a type its \`handles\` does not name: ${String(error)}`;
      }
      if (problem) console.error(problem);
    },
  };
}
