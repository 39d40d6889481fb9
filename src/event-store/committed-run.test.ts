import { describe, expect, it } from 'vitest';
import { createCommittedRun } from './committed-run';

const rows = (...positions: number[]) => positions.map((position) => ({ position }));
const positions = (found: { position: number }[] | undefined) => found?.map((row) => row.position);

describe('the rows a process committed last', () => {
  it('gives the rows after a position inside the run, up to the limit, and nothing it cannot vouch for', () => {
    const run = createCommittedRun<{ position: number }>(100);
    run.committed(rows(10, 11, 12));
    run.committed(rows(13));
    // Right before its first row, inside it, with and without a limit.
    expect(positions(run.after(9, -1))).toEqual([10, 11, 12, 13]);
    expect(positions(run.after(11, -1))).toEqual([12, 13]);
    expect(positions(run.after(9, 2))).toEqual([10, 11]);
    // Before it (an older event may be another process's), at or past its end (a newer one may be), or from the start: the log is read.
    expect(run.after(8, -1)).toBeUndefined();
    expect(run.after(13, -1)).toBeUndefined();
    expect(run.after(20, -1)).toBeUndefined();
    expect(run.after(undefined, -1)).toBeUndefined();
  });

  it('starts again after a gap: what another process wrote between two of its transactions is read from the log', () => {
    const run = createCommittedRun<{ position: number }>(100);
    run.committed(rows(10, 11));
    // Position 12 is another process's.
    run.committed(rows(13, 14));
    expect(run.after(11, -1)).toBeUndefined();
    expect(run.after(10, -1)).toBeUndefined();
    expect(positions(run.after(12, -1))).toEqual([13, 14]);
  });

  it('keeps its last rows only', () => {
    const run = createCommittedRun<{ position: number }>(3);
    run.committed(rows(1, 2, 3, 4, 5));
    expect(run.after(1, -1)).toBeUndefined();
    expect(positions(run.after(2, -1))).toEqual([3, 4, 5]);
  });

  it('holds at least its last `capacity` rows after every commit, and never more than half as many again', () => {
    const run = createCommittedRun<{ position: number }>(4);
    for (let position = 1; position <= 20; position++) {
      run.committed(rows(position));
      const kept = Math.min(position, 4);
      expect(positions(run.after(position - kept, -1))).toEqual(Array.from({ length: kept }, (_, i) => position - kept + 1 + i));
      if (position > 6) expect(run.after(position - 7, -1)).toBeUndefined();
    }
  });

  it('is empty until something committed', () => {
    expect(createCommittedRun<{ position: number }>(3).after(0, -1)).toBeUndefined();
  });
});
