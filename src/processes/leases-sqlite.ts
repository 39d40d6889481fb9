import Database from 'better-sqlite3';
import type { Leases } from './leases';

/**
 * Leases in a SQLite file (DATA_DIR/leases.db): what the processes of one
 * machine share when their read models are each in their own memory
 * (docs/decisions/0063). One statement takes a lease: an insert that, on a
 * key already there, updates it only when it is free or the holder's own.
 */
export function createSqliteLeases(path: string): Leases {
  const db = new Database(path);
  // The timeout first: switching a new file to WAL takes a lock another process starting at once may hold.
  db.pragma('busy_timeout = 5000');
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec('CREATE TABLE IF NOT EXISTS leases (key TEXT PRIMARY KEY, holder TEXT NOT NULL, expires_at INTEGER NOT NULL)');
  const take = db.prepare(
    `INSERT INTO leases (key, holder, expires_at) VALUES (@key, @holder, @expiresAt)
     ON CONFLICT (key) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
     WHERE leases.holder = excluded.holder OR leases.expires_at <= @now`,
  );
  const release = db.prepare('UPDATE leases SET expires_at = 0 WHERE key = ? AND holder = ?');
  const sweep = db.prepare('DELETE FROM leases WHERE expires_at < ?');
  let takes = 0;
  return {
    async take(key, holder, ttlMs, now = Date.now()) {
      // Now and then, leases long run out go: the file stays the size of the work in hand.
      if (++takes % 1000 === 0) sweep.run(now - 24 * 60 * 60_000);
      return take.run({ key, holder, expiresAt: now + ttlMs, now }).changes === 1;
    },
    async release(key, holder) {
      release.run(key, holder);
    },
    async close() {
      db.close();
    },
  };
}
