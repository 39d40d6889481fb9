/** Latency samples in milliseconds. */
export interface Measurement {
  label: string;
  samplesMs: number[];
  /** Wall-clock time of the whole run, for throughput. */
  elapsedMs: number;
}

export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

export function throughput(m: Measurement): number {
  return (m.samplesMs.length / m.elapsedMs) * 1000;
}

function describe(m: Measurement): string {
  return `${m.label}: ${throughput(m).toFixed(0)} ops/s, p50 ${percentile(m.samplesMs, 50).toFixed(3)} ms, p99 ${percentile(m.samplesMs, 99).toFixed(3)} ms`;
}

/**
 * Prints a subject against a baseline measured in the same process.
 * `ratio` is subject throughput / baseline throughput.
 */
export function printComparison(title: string, baseline: Measurement, subject: Measurement, aim: string): void {
  const ratio = throughput(subject) / throughput(baseline);
  const p99Delta = percentile(subject.samplesMs, 99) - percentile(baseline.samplesMs, 99);
  console.log(`\n## ${title}`);
  console.log(`  baseline  ${describe(baseline)}`);
  console.log(`  subject   ${describe(subject)}`);
  console.log(`  ratio ${ratio.toFixed(2)} (throughput), p99 delta ${p99Delta.toFixed(3)} ms; aim: ${aim}`);
}

export function printLine(text: string): void {
  console.log(text);
}
