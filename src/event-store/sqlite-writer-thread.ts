import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import type * as Esbuild from 'esbuild';
import { createCommitter, errorFrom } from './sqlite-commit';
import type { AppendOutcome, AppendRequest, ErrorData } from './sqlite-commit';

/** What starts the writer thread (sqlite-writer.ts). */
export interface WriterData {
  path: string;
  synchronous?: 'FULL' | 'NORMAL';
}
export type WriterMessage = { kind: 'commit'; batch: readonly AppendRequest[] } | { kind: 'close' };
export type WriterAnswer = { kind: 'committed'; outcomes: AppendOutcome[] } | { kind: 'refused'; error: ErrorData };

/** Commits the SQLite event store's batches, one at a time: on a thread of its own, or on the event loop. */
export interface LogWriter {
  /** Resolves once the batch is committed (or rejects when the whole transaction failed: nothing was written). */
  commit(batch: readonly AppendRequest[]): Promise<AppendOutcome[]>;
  /** Ends the writer once the batch in flight, if any, was answered. */
  close(): Promise<void>;
}

/** On the event loop, on the store's own connection: an in-memory log has no file another connection could open. */
export function inlineWriter(db: Database.Database): LogWriter {
  const commit = createCommitter(db);
  return {
    commit: async (batch) => commit(batch),
    close: async () => undefined,
  };
}

// Compiled (dist/server), the thread's file is JavaScript beside this chunk; from the sources, TypeScript beside this file.
const fromSources = import.meta.url.endsWith('.ts');
const writerFile = new URL(fromSources ? './sqlite-writer.ts' : './sqlite-writer.js', import.meta.url);

/**
 * A thread of the process's own commits the batches on its own connection
 * (docs/decisions/0052, fifth round). The thread holds the process open only
 * while a batch is in flight: a script that never closes its store still ends.
 */
export function threadWriter(data: WriterData): LogWriter {
  const worker = fromSources ? new Worker(compiledFromSources(), { eval: true, workerData: data }) : new Worker(writerFile, { workerData: data });
  worker.unref();
  let waiting: { resolve(outcomes: AppendOutcome[]): void; reject(error: unknown): void } | undefined;
  let stopped: Error | undefined;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));

  const settle = (answer: { outcomes: AppendOutcome[] } | { error: unknown }) => {
    const current = waiting;
    waiting = undefined;
    worker.unref();
    if (!current) return;
    if ('outcomes' in answer) current.resolve(answer.outcomes);
    else current.reject(answer.error);
  };
  worker.on('message', (answer: WriterAnswer) => {
    if (answer.kind === 'committed') settle({ outcomes: answer.outcomes });
    else settle({ error: errorFrom(answer.error) });
  });
  worker.on('error', (error) => {
    stopped = error;
    settle({ error });
  });
  worker.on('exit', () => {
    stopped ??= new Error('The event store’s writer thread stopped');
    settle({ error: stopped });
  });

  return {
    commit(batch) {
      if (stopped) return Promise.reject(stopped);
      if (waiting) return Promise.reject(new Error('A batch is already being committed'));
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject };
        worker.ref();
        worker.postMessage({ kind: 'commit', batch } satisfies WriterMessage);
      });
    },
    async close() {
      if (!stopped) {
        stopped = new Error('The event store is closed');
        // Held open until the thread closed its connection (SQLite checkpoints the WAL then).
        worker.ref();
        worker.postMessage({ kind: 'close' } satisfies WriterMessage);
      }
      await exited;
    },
  };
}

let compiled: string | undefined;

/**
 * From the sources (tsx, vitest), the thread's TypeScript compiled once per
 * process with esbuild (a development dependency, as tsx is), its packages
 * required from the source file's folder. A worker does not inherit the
 * loader of the thread that started it, and tsx registered in each thread
 * costs about 300 ms of CPU a start against 50 ms for the compiled script.
 */
function compiledFromSources(): string {
  if (compiled === undefined) {
    const require = createRequire(import.meta.url);
    const esbuild = require('esbuild') as typeof Esbuild;
    const { outputFiles } = esbuild.buildSync({
      entryPoints: [fileURLToPath(writerFile)],
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'cjs',
      write: false,
      logLevel: 'warning',
    });
    const code = outputFiles[0]?.text ?? '';
    compiled = `(function (require) {\n${code}\n})(require('node:module').createRequire(${JSON.stringify(writerFile.href)}));`;
  }
  return compiled;
}
