import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface AcknowledgedAppend {
  id: string;
  streamId: string;
  revision: number;
  position: number;
}

export interface CrashAppenderRun {
  dbPath: string;
  // SIGKILL once this many appends were acknowledged...
  minAcks?: number;
  // ...or this long after the first acknowledgement, whichever comes first.
  maxMs?: number;
  // Allowance for the child to start (tsx compiles on the fly).
  startTimeoutMs?: number;
  streamCount?: number;
}

export const crashAppenderScript = fileURLToPath(new URL('./crash-appender.ts', import.meta.url));
const projectRoot = fileURLToPath(new URL('../../..', import.meta.url));

// Runs crash-appender.ts in a child process, kills it with SIGKILL mid-write and
// returns the appends it acknowledged, in acknowledgement order.
export function runCrashAppender({
  dbPath,
  minAcks = 2_000,
  maxMs = 5_000,
  startTimeoutMs = 20_000,
  streamCount = 4,
}: CrashAppenderRun): Promise<AcknowledgedAppend[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', crashAppenderScript, dbPath, String(streamCount)], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const acks: AcknowledgedAppend[] = [];
  let pending = '';
  let stderr = '';
  let deadline: NodeJS.Timeout | undefined;
  const kill = () => child.kill('SIGKILL');
  const startTimer = setTimeout(kill, startTimeoutMs);

  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    // A line cut short by the kill was never fully acknowledged.
    pending = lines.pop() ?? '';
    for (const line of lines) if (line) acks.push(JSON.parse(line) as AcknowledgedAppend);
    if (acks.length > 0 && deadline === undefined) {
      clearTimeout(startTimer);
      deadline = setTimeout(kill, maxMs);
    }
    if (acks.length >= minAcks) kill();
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr += chunk;
  });

  return new Promise((resolve, reject) => {
    child.on('error', reject);
    // 'close' waits for stdout to drain, so lines written just before the kill are counted.
    child.on('close', (code, signal) => {
      clearTimeout(startTimer);
      clearTimeout(deadline);
      if (signal === 'SIGKILL' && acks.length > 0) resolve(acks);
      else reject(new Error(`crash appender ended (code ${code}, signal ${signal}) after ${acks.length} appends: ${stderr}`));
    });
  });
}
