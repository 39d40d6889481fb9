import type { Collection, Doc, ReadStore } from '../read-store/port';
import { DuplicateKeyError } from '../read-store/port';

/**
 * The one collection outside every generation: which generation of the read
 * models the deployment reads (`{ _id: 'current', generation }`), and the
 * generations rebuilds have claimed (`{ _id: 'claim:<n>' }`).
 */
export const READ_MODEL_GENERATION = 'read_model_generation';

type GenerationDoc = { _id: string; generation?: number; claimedAt?: string };

const CURRENT = 'current';

/** Who works which item of a process manager (src/processes/leases.ts): outside every generation, so a rebuild's switch keeps them. */
export const LEASES = 'leases';

const outsideGenerations = (name: string) => name === READ_MODEL_GENERATION || name === LEASES;

/** Generation 0 keeps the plain names, so read models written before generations existed stay where they are. */
export function collectionNameIn(name: string, generation: number): string {
  return generation === 0 ? name : `${name}_g${generation}`;
}

/**
 * The read store as the app and its projections use it: every collection but
 * READ_MODEL_GENERATION is the one of the current generation. A rebuild writes
 * a new generation beside the one every node reads, then switches the current
 * one in a single document write (docs/decisions/0031).
 */
export interface ReadModels extends ReadStore {
  /** The generation this handle reads and writes now. */
  readonly generation: number;
  /** True for a handle on one generation that never follows a switch: what a rebuild writes through. */
  readonly pinned: boolean;
  /** From now on, this handle reads and writes `generation`. */
  use(generation: number): void;
  /** The generation the deployment reads, as stored; 0 before the first rebuild. */
  storedGeneration(): Promise<number>;
  /** A pinned handle on `generation`, over the same store. */
  pinnedTo(generation: number): ReadModels;
  /** A generation no other rebuild holds, above the current one. */
  claimGeneration(): Promise<number>;
  /** Makes `generation` current unless a later one already is. True when it did. */
  makeCurrent(generation: number): Promise<boolean>;
  /** The store's own collection behind `name` in the current generation, for what works below the port (read-model snapshots). */
  physical<T extends Doc = Doc>(name: string): Collection<T>;
  /** Drops the given collections of `generation`. */
  dropGeneration(generation: number, names: readonly string[]): Promise<void>;
  /**
   * Reads (find, findOne, countDocuments) of a collection for which `guard`
   * returns an error fail with it: a parked projection's collections
   * (docs/decisions/0062). Undefined removes the guard.
   */
  setReadGuard(guard: ((collection: string) => Error | undefined) | undefined): void;
  /** The same handle without the read guard: what the runner's projections read and write through. */
  unguarded(): ReadStore;
}

const handles = new WeakSet<ReadModels>();

/** `store` itself when it is already a ReadModels handle, else a handle on it that starts at generation 0. */
export function readModelsOf(store: ReadStore): ReadModels {
  return handles.has(store as ReadModels) ? (store as ReadModels) : openReadModels(store);
}

export function openReadModels(store: ReadStore, options: { generation?: number; pinned?: boolean } = {}): ReadModels {
  let generation = options.generation ?? 0;
  const pinned = options.pinned ?? false;
  const generations = store.collection<GenerationDoc>(READ_MODEL_GENERATION);
  const proxies = new Map<string, Collection<Doc>>();
  const unguardedProxies = new Map<string, Collection<Doc>>();
  let guard: ((collection: string) => Error | undefined) | undefined;

  // Each call goes to the collection of the generation current at that moment,
  // so handles that routes took at startup follow a switch.
  const proxy = (name: string, guarded: boolean): Collection<Doc> => {
    // The store's collection for the current generation, looked up again only after a switch: every projection write comes through here.
    let targetOf = -1;
    let current: Collection<Doc> | undefined;
    const target = (): Collection<Doc> => {
      if (targetOf !== generation || !current) {
        current = store.collection<Doc>(collectionNameIn(name, generation));
        targetOf = generation;
      }
      return current;
    };
    const refused = () => (guarded && guard ? guard(name) : undefined);
    return {
      name,
      findOne: (filter, options) => {
        const error = refused();
        return error ? Promise.reject(error) : target().findOne(filter, options);
      },
      find: (filter, options) => {
        const error = refused();
        return error ? Promise.reject(error) : target().find(filter, options);
      },
      countDocuments: (filter) => {
        const error = refused();
        return error ? Promise.reject(error) : target().countDocuments(filter);
      },
      insertOne: (doc) => target().insertOne(doc),
      updateOne: (filter, update, options) => target().updateOne(filter, update, options),
      updateMany: (filter, update, options) => target().updateMany(filter, update, options),
      deleteOne: (filter) => target().deleteOne(filter),
      deleteMany: (filter) => target().deleteMany(filter),
      createIndex: (keys, options) => target().createIndex(keys, options),
      drop: () => target().drop(),
    };
  };

  const collectionOf = <T extends Doc>(name: string, cache: Map<string, Collection<Doc>>, guarded: boolean): Collection<T> => {
    if (outsideGenerations(name)) return store.collection<T>(name);
    let found = cache.get(name);
    if (!found) {
      found = proxy(name, guarded);
      cache.set(name, found);
    }
    return found as unknown as Collection<T>;
  };
  const unguarded: ReadStore = { collection: (name) => collectionOf(name, unguardedProxies, false), close: () => store.close() };

  const models: ReadModels = {
    get generation() {
      return generation;
    },
    pinned,
    collection<T extends Doc = Doc>(name: string): Collection<T> {
      return collectionOf<T>(name, proxies, true);
    },
    setReadGuard(next) {
      guard = next;
    },
    unguarded: () => unguarded,
    close: () => store.close(),
    use(next) {
      generation = next;
    },
    async storedGeneration() {
      return (await generations.findOne({ _id: CURRENT }))?.generation ?? 0;
    },
    pinnedTo(other) {
      return openReadModels(store, { generation: other, pinned: true });
    },
    async claimGeneration() {
      // A claim is a document with a unique _id, so two rebuilds started together never write into one generation.
      for (let candidate = (await models.storedGeneration()) + 1; ; candidate++) {
        try {
          await generations.insertOne({ _id: `claim:${candidate}`, claimedAt: new Date().toISOString() });
          return candidate;
        } catch (error) {
          if (!(error instanceof DuplicateKeyError)) throw error;
        }
      }
    },
    async makeCurrent(next) {
      try {
        // One document write: every node sees either the old generation or the new one, never a mix.
        await generations.updateOne({ _id: CURRENT, generation: { $lt: next } }, { $set: { generation: next } }, { upsert: true });
        return true;
      } catch (error) {
        // The current generation is already `next` or later: the upsert tried to insert `current` again.
        if (error instanceof DuplicateKeyError) return false;
        throw error;
      }
    },
    physical<T extends Doc = Doc>(name: string) {
      return store.collection<T>(outsideGenerations(name) ? name : collectionNameIn(name, generation));
    },
    async dropGeneration(old, names) {
      for (const name of names) await store.collection(collectionNameIn(name, old)).drop();
    },
  };
  handles.add(models);
  return models;
}
