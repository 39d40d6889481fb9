import type { ReadModels } from '../read-models';
import { READ_MODEL_GENERATION } from '../read-models';
import type { RunnerLog } from './types';

/** A node's report of the generation it reads, renewed at each check (docs/decisions/0062). */
type Heartbeat = { _id: string; reader: true; generation: number; seenAt: number };

/**
 * Generation following: every `checkMs` the runner looks whether a rebuild
 * made another generation current and moves to it (`follow`), and reports the
 * generation it reads in the shared store. A rebuild drops the old generation
 * once no report younger than `ttlMs` names it: a node that still reads it
 * keeps it until it moves or stops reporting.
 */
export function createGenerationFollowing(options: {
  readStore: ReadModels;
  node: string;
  checkMs: number;
  ttlMs: number;
  log: RunnerLog;
  follow: (generation: number) => Promise<void>;
}) {
  const { readStore, log } = options;
  const heartbeats = () => readStore.collection<Heartbeat>(READ_MODEL_GENERATION);
  const id = `reader:${options.node}`;
  let timer: NodeJS.Timeout | undefined;
  // Switches of generation happen one at a time; a check while one runs is skipped.
  let following: Promise<void> = Promise.resolve();
  let checking = false;
  let reporting = false;

  const serially = (work: () => Promise<void>) => (following = following.then(work, work));

  const beat = async () => {
    if (!reporting) return;
    await heartbeats().updateOne({ _id: id }, { $set: { reader: true, generation: readStore.generation, seenAt: Date.now() } }, { upsert: true });
  };

  const check = () => {
    if (checking) return;
    checking = true;
    void serially(async () => {
      try {
        await options.follow(await readStore.storedGeneration());
        await beat();
      } catch (error) {
        log.warn('could not follow the read models to their current generation; trying again at the next check', { error });
      } finally {
        checking = false;
      }
    });
  };

  return {
    /** Starts following and reporting: the runner reads whatever generation is current. */
    async start() {
      readStore.use(await readStore.storedGeneration());
      reporting = true;
      await beat().catch((error: unknown) => log.warn('could not report the generation this node reads', { error }));
      timer = setInterval(check, options.checkMs);
      timer.unref();
    },
    /** Runs `follow(generation)` after any switch in progress, then reports the generation now read. */
    moveTo: (generation: number) =>
      serially(async () => {
        await options.follow(generation);
        await beat().catch(() => {});
      }),
    /** Resolves once no live report names `generation`; this node's own report is not counted. */
    async noReaderOf(generation: number) {
      for (let told = false; ; told = true) {
        const reports = await heartbeats().find({ reader: true, generation });
        const cutoff = Date.now() - options.ttlMs;
        const readers = reports.filter((report) => report._id !== id && report.seenAt > cutoff);
        if (readers.length === 0) return;
        if (!told) log.info('waiting for the nodes that still read the old generation', { generation, nodes: readers.map((report) => report._id.slice('reader:'.length)) });
        await new Promise((resolve) => setTimeout(resolve, Math.min(options.checkMs, 250)));
      }
    },
    /** Stops following and reporting, after a switch in progress; the report is removed. */
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await following.catch(() => {});
      if (!reporting) return;
      reporting = false;
      await heartbeats().deleteOne({ _id: id }).catch(() => {});
    },
    /** Waits for a switch in progress. */
    settled: () => following.catch(() => {}),
  };
}

/**
 * A rebuild: the log replayed into a generation of its own by `build`'s runner
 * (never the collections live nodes read), made current unless a later rebuild
 * finished first, then the nodes moved over and the old generation dropped once
 * none reads it.
 */
export async function rebuildGeneration(options: {
  readStore: ReadModels;
  following: ReturnType<typeof createGenerationFollowing>;
  log: RunnerLog;
  /** Every collection of a generation: the checkpoints' and the projections'. */
  owned: readonly string[];
  graceMs: number;
  build: (readStore: ReadModels) => { start(): Promise<void>; stop(): Promise<void> };
}): Promise<void> {
  const { readStore, following, log, owned } = options;
  const generation = await readStore.claimGeneration();
  const builder = options.build(readStore.pinnedTo(generation));
  await builder.start();
  await builder.stop();
  // From storage, not this handle: the rebuild script never started a runner to learn it.
  const previous = await readStore.storedGeneration();
  if (!(await readStore.makeCurrent(generation))) {
    await readStore.dropGeneration(generation, owned);
    throw new Error(`A later rebuild of the read models finished first; generation ${generation} was dropped`);
  }
  log.info('read models rebuilt into a new generation', { generation, previous });
  await following.moveTo(generation);
  await new Promise((resolve) => setTimeout(resolve, options.graceMs));
  // Other nodes move over at their next check; their heartbeats say when none reads the old one.
  await following.noReaderOf(previous);
  await readStore.dropGeneration(previous, owned);
  log.info('old generation of the read models dropped', { generation: previous });
}
