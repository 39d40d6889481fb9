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

/** One figure of the final table: what was measured, its aim, and whether the aim was met (undefined: no aim to check). */
export interface Figure {
  name: string;
  value: string;
  aim: string;
  met: boolean | undefined;
}

const figures: Figure[] = [];

/** Adds a figure to the table `printSummary` ends the run with. */
export function recordFigure(figure: Figure): void {
  figures.push(figure);
}

/**
 * Whether `values` meet the checks an aim states in the benches' words:
 * "ratio >= 0.25", "ratio ≥ 0.5", "p99 <= 30 ms", "<= 3 s", joined by "and"
 * or commas. Undefined when the aim states none of these.
 */
export function meets(aim: string, values: { ratio?: number; p99Ms?: number; seconds?: number }): boolean | undefined {
  let checked = false;
  let met = true;
  for (const [, what, bound] of aim.matchAll(/(ratio|p99|(?<![\w.])) ?(?:>=|≥|<=|≤) ?([\d.]+)/g)) {
    const limit = Number(bound);
    if (what === 'ratio' && values.ratio !== undefined) {
      checked = true;
      met &&= values.ratio >= limit;
    } else if (what === 'p99' && values.p99Ms !== undefined) {
      checked = true;
      met &&= values.p99Ms <= limit;
    } else if (what === '' && values.seconds !== undefined) {
      checked = true;
      met &&= values.seconds <= limit;
    }
  }
  return checked ? met : undefined;
}

/**
 * Prints a subject against a baseline measured in the same process, and
 * records it for the final table. `ratio` is subject throughput / baseline throughput.
 */
export function printComparison(title: string, baseline: Measurement, subject: Measurement, aim: string): void {
  const ratio = throughput(subject) / throughput(baseline);
  const p99 = percentile(subject.samplesMs, 99);
  const p99Delta = p99 - percentile(baseline.samplesMs, 99);
  console.log(`\n## ${title}`);
  console.log(`  baseline  ${describe(baseline)}`);
  console.log(`  subject   ${describe(subject)}`);
  console.log(`  ratio ${ratio.toFixed(2)} (throughput), p99 delta ${p99Delta.toFixed(3)} ms; aim: ${aim}`);
  recordFigure({ name: title, value: `ratio ${ratio.toFixed(2)}, p99 ${p99.toFixed(1)} ms`, aim, met: meets(aim, { ratio, p99Ms: p99 }) });
}

/** The table of every figure recorded, with the machine it ran on: what the README's performance section shows. */
export function printSummary(machine: string): void {
  const mark = (met: boolean | undefined) => (met === undefined ? '–' : met ? '✓' : '✗');
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  console.log(`\n## Summary (${machine})\n`);
  console.log('| figure | measured | aim | |');
  console.log('|---|---|---|---|');
  for (const figure of figures) console.log(`| ${cell(figure.name)} | ${cell(figure.value)} | ${cell(figure.aim)} | ${mark(figure.met)} |`);
  const missed = figures.filter((figure) => figure.met === false).length;
  console.log(`\n${figures.filter((figure) => figure.met === true).length} aims met, ${missed} missed, ${figures.filter((figure) => figure.met === undefined).length} figures without an aim to check.`);
}

export function printLine(text: string): void {
  console.log(text);
}
