import Database from 'better-sqlite3';
import type { PersonalKeys } from './keys';
import { newKey } from './keys';

/**
 * Keys in their own SQLite file (`DATA_DIR/keys.db`), apart from the event
 * log's file, so that the log can be copied or kept without them. WAL and a
 * busy timeout let the processes of one machine share it. An erased subject
 * keeps a row with no key: the tombstone that stops keyFor making a new one.
 */
export function createSqlitePersonalKeys(path: string): PersonalKeys {
  const db = new Database(path);
  // The timeout first: switching a new file to WAL takes a lock another process starting at once may hold.
  db.pragma('busy_timeout = 5000');
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  // secure_delete overwrites a deleted key's bytes in the file instead of leaving them in a free page.
  db.pragma('secure_delete = ON');
  db.exec('CREATE TABLE IF NOT EXISTS personal_keys (subject TEXT PRIMARY KEY, key BLOB, erased_at TEXT)');
  const sql = {
    insert: db.prepare<[string, Buffer]>('INSERT OR IGNORE INTO personal_keys (subject, key) VALUES (?, ?)'),
    find: db.prepare<[string], { key: Buffer | null }>('SELECT key FROM personal_keys WHERE subject = ?'),
    erase: db.prepare<[string, string]>(
      'INSERT INTO personal_keys (subject, key, erased_at) VALUES (?, NULL, ?) ON CONFLICT (subject) DO UPDATE SET key = NULL, erased_at = excluded.erased_at',
    ),
  };
  const find = (subjectId: string) => sql.find.get(subjectId)?.key ?? null;
  return {
    async keyFor(subjectId) {
      // Most subjects have their key already: a read, not a write (and its sync) with a fresh random key thrown away.
      const row = sql.find.get(subjectId);
      if (row) return row.key;
      sql.insert.run(subjectId, newKey());
      return find(subjectId);
    },
    async find(subjectId) {
      return find(subjectId);
    },
    async erase(subjectId) {
      sql.erase.run(subjectId, new Date().toISOString());
    },
    async close() {
      db.close();
    },
  };
}
