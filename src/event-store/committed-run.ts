/**
 * The rows this process committed last, as long as their positions follow
 * one another without a gap (docs/decisions/0067): what this process's own
 * subscriptions deliver without reading the log back.
 *
 * A subscription that has delivered up to `after` may take the events after
 * it from here only when `after` falls inside the run (or right before its
 * first row): every position from its first row to its last holds the row
 * kept here, and a position holds one event, so nothing another process wrote
 * can be between. Past the run's end, or before its start, the caller reads
 * the log as before: an event of another process, whatever its position, is
 * never skipped. A row is kept only once its transaction committed.
 *
 * Positions here are SQLite's AUTOINCREMENT integers: the arithmetic below is
 * this adapter's own, not the port's (port.ts keeps positions opaque).
 */
export interface CommittedRun<Row extends { position: number }> {
  /** Rows of one committed transaction, in position order. */
  committed(rows: readonly Row[]): void;
  /** Up to `limit` (-1: all) rows strictly after `after`, when the run holds every one of them up to its end; else undefined. */
  after(after: number | undefined, limit: number): Row[] | undefined;
}

/** Keeps at least the last `capacity` rows of the run, and at most half as many again. */
export function createCommittedRun<Row extends { position: number }>(capacity: number): CommittedRun<Row> {
  let rows: Row[] = [];
  return {
    committed(added) {
      for (const row of added) {
        const last = rows[rows.length - 1];
        // Another process wrote in between (or positions skipped): the run starts again here.
        if (last !== undefined && row.position !== last.position + 1) rows = [];
        rows.push(row);
      }
      // Trimmed to the last `capacity` once half as many again are held: a copy every capacity / 2 rows, not at
      // every commit once full (4.5 µs a commit at 2,048).
      if (rows.length > capacity + (capacity >> 1)) rows = rows.slice(rows.length - capacity);
    },
    after(after, limit) {
      const first = rows[0];
      const last = rows[rows.length - 1];
      if (after === undefined || first === undefined || last === undefined) return undefined;
      if (after < first.position - 1 || after >= last.position) return undefined;
      const start = after + 1 - first.position;
      return rows.slice(start, limit < 0 ? undefined : start + limit);
    },
  };
}
