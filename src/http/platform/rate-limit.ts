import Database from 'better-sqlite3';
import type { Context } from 'hono';
import type { Db } from 'mongodb';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { RateLimiterMemory, RateLimiterMongo, RateLimiterRes, RateLimiterSQLite } from 'rate-limiter-flexible';
import { clientAddress } from './client-address';
import type { AppEnv } from '../context';
import { RateLimitError } from '../errors';

/*
 * Fixed-window counters, enough to slow down password guessing and mail
 * bombing from one address or against one account. They live where every
 * node of a deployment sees them (decision 0026): in MongoDB when the read
 * models are there, else in an SQLite file under DATA_DIR that the processes
 * of one machine share; in memory only for a single process (tests). The
 * counting itself is rate-limiter-flexible's: one atomic upsert per attempt,
 * expiry by TTL index in MongoDB.
 */

export interface RateRule {
  /** Names the counter, so one key can be counted by several rules. */
  name: string;
  limit: number;
  windowMs: number;
  /** The 429 message; by default it says when to come back. */
  message?: string;
}

export interface RateLimiter {
  /** Counts one attempt; throws RateLimitError once `rule.limit` attempts fell in the window. */
  hit(rule: RateRule, key: string): Promise<void>;
  /** Throws RateLimitError when the window is already full, without counting (for failure budgets). */
  check(rule: RateRule, key: string): Promise<void>;
  /** Counts without throwing: a failure spent from a budget checked with `check`. */
  record(rule: RateRule, key: string): Promise<void>;
  /** How many attempts the current window holds, without counting. */
  count(rule: RateRule, key: string): Promise<number>;
  /** True when the window is full, without counting or throwing. */
  isExhausted(rule: RateRule, key: string): Promise<boolean>;
  /** Forgets the key, e.g. an account's failures after a successful sign-in. */
  reset(rule: RateRule, key: string): Promise<void>;
}

/** Where the counters live: one counter per rule, all in one table or collection. */
export interface RateCounters {
  counter(rule: RateRule): RateLimiterAbstract;
  close(): Promise<void>;
}

const TABLE = 'rate_limits';

/** Caches one library limiter per rule name; the rule's numbers never change at run time. */
function countersBy(make: (rule: RateRule) => RateLimiterAbstract, close: () => Promise<void> = async () => {}): RateCounters {
  const made = new Map<string, RateLimiterAbstract>();
  return {
    counter(rule) {
      let limiter = made.get(rule.name);
      if (!limiter) {
        limiter = make(rule);
        made.set(rule.name, limiter);
      }
      return limiter;
    },
    close,
  };
}

const shape = (rule: RateRule) => ({ keyPrefix: rule.name, points: rule.limit, duration: rule.windowMs / 1000 });

/** This process only: right for one process (tests), wrong for several. */
export function createMemoryRateCounters(): RateCounters {
  return countersBy((rule) => new RateLimiterMemory(shape(rule)));
}

/**
 * A table in an SQLite file that every process on this machine opens: WAL so
 * counting does not wait for readers, a busy timeout so two processes writing
 * at once wait for each other instead of failing. Should the file fail, each
 * process counts in memory meanwhile rather than refusing everyone.
 */
export function createSqliteRateCounters(path: string): RateCounters {
  const db = new Database(path);
  // The timeout first: switching a new file to WAL takes a lock another process starting at once may hold.
  db.pragma('busy_timeout = 5000');
  db.pragma('journal_mode = WAL');
  // Counters may lose their last writes on a power cut; that only forgives a few attempts.
  db.pragma('synchronous = NORMAL');
  // The library's own table, made here so the first request never meets a table still being created.
  db.exec(`CREATE TABLE IF NOT EXISTS ${TABLE} (key TEXT PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire INTEGER)`);
  const sweep = db.prepare(`DELETE FROM ${TABLE} WHERE expire < ?`);
  // Expired rows are only skipped, never removed, by the library; an hourly sweep keeps the file small.
  const sweeper = setInterval(() => sweep.run(Date.now()), 60 * 60_000);
  sweeper.unref();
  return countersBy(
    (rule) =>
      new RateLimiterSQLite({
        ...shape(rule),
        storeClient: db,
        storeType: 'better-sqlite3',
        tableName: TABLE,
        tableCreated: true,
        insuranceLimiter: new RateLimiterMemory(shape(rule)),
      }),
    async () => {
      clearInterval(sweeper);
      db.close();
    },
  );
}

/**
 * A collection in the read models' MongoDB, which every node shares; a TTL
 * index on `expire` lets MongoDB delete finished windows. Should MongoDB be
 * unreachable, each node counts in memory meanwhile.
 */
export async function createMongoRateCounters(db: Db, close: () => Promise<void> = async () => {}): Promise<RateCounters> {
  const collection = db.collection(TABLE);
  // Made once here, awaited, rather than by every limiter without waiting (the library's default).
  await collection.createIndex({ expire: -1 }, { expireAfterSeconds: 0 });
  await collection.createIndex({ key: 1 }, { unique: true });
  return countersBy(
    (rule) =>
      new RateLimiterMongo({
        ...shape(rule),
        storeClient: db,
        tableName: TABLE,
        disableIndexesCreation: true,
        insuranceLimiter: new RateLimiterMemory(shape(rule)),
      }),
    close,
  );
}

export function createRateLimiter(options: { enabled: boolean; counters: RateCounters }): RateLimiter {
  const { enabled, counters } = options;

  const refuse = (rule: RateRule, msBeforeNext: number): never => {
    const minutes = Math.max(1, Math.ceil(msBeforeNext / 60_000));
    throw new RateLimitError(rule.message ?? `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
  };

  const current = async (rule: RateRule, key: string) => {
    const res = await counters.counter(rule).get(key);
    // An expired window the store has not removed yet counts as empty.
    return res && res.msBeforeNext > 0 ? res : null;
  };

  return {
    async hit(rule, key) {
      if (!enabled) return;
      try {
        await counters.counter(rule).consume(key);
      } catch (error) {
        // The library rejects with its result when the limit is passed, with an Error when the store failed.
        if (error instanceof RateLimiterRes) refuse(rule, error.msBeforeNext);
        throw error;
      }
    },
    async check(rule, key) {
      if (!enabled) return;
      const res = await current(rule, key);
      if (res && res.consumedPoints >= rule.limit) refuse(rule, res.msBeforeNext);
    },
    async record(rule, key) {
      if (enabled) await counters.counter(rule).penalty(key);
    },
    async count(rule, key) {
      if (!enabled) return 0;
      return (await current(rule, key))?.consumedPoints ?? 0;
    },
    async isExhausted(rule, key) {
      if (!enabled) return false;
      const res = await current(rule, key);
      return res !== null && res.consumedPoints >= rule.limit;
    },
    async reset(rule, key) {
      if (enabled) await counters.counter(rule).delete(key);
    },
  };
}

/** The rate-limit key of the request's address (see addressKey); in-process requests (tests) count as 'local'. */
export function addressLimitKey(c: Context<AppEnv>): string {
  const address = clientAddress(c);
  return address ? addressKey(address) : 'local';
}

/**
 * One key per IPv4 address, and per /64 for IPv6, since a single IPv6 host
 * usually controls a whole /64 and could rotate through it.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(':')) return address;
  const bare = address.toLowerCase().split('%')[0] ?? '';
  const [head = '', tail = ''] = bare.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = bare.includes('::') && tail ? tail.split(':') : [];
  const groups = bare.includes('::')
    ? [...headGroups, ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
