import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import type * as Esbuild from 'esbuild';
import { createCommitter, errorFrom } from './sqlite-commit';
import type { AppendOutcome, AppendRequest, ErrorData } from './sqlite-commit';

/** What starts the writer thread (sqlite-writer.ts). */
export interface WriterData {
  path: string;
  synchronous?: 'FULL' | 'NORMAL';
  /** Where the thread answers: a port the event loop can also read without waiting for its poll phase. */
  answers?: MessagePort;
}
export type WriterMessage = { kind: 'commit'; batch: readonly AppendRequest[] } | { kind: 'close' };
/** The outcomes of one or more batches sent, in the order sent (the thread commits those that queued up together). */
export type WriterAnswer = { kind: 'committed'; outcomes: AppendOutcome[][] } | { kind: 'refused'; batches: number; error: ErrorData };

/** Commits the SQLite event store's batches in the order given: on a thread of its own, or on the event loop. */
export interface LogWriter {
  /** Resolves once the batch is committed (or rejects when its transaction failed: nothing of it was written). A batch may be given before the last one was answered. */
  commit(batch: readonly AppendRequest[]): Promise<AppendOutcome[]>;
  /** Takes the answers already given, at once (they come with the event loop's I/O otherwise). */
  poll(): void;
  /** Ends the writer; call it once every batch given was answered. */
  close(): Promise<void>;
}

/** On the event loop, on the store's own connection: an in-memory log has no file another connection could open. */
export function inlineWriter(db: Database.Database): LogWriter {
  const commit = createCommitter(db);
  return {
    commit: async (batch) => commit(batch),
    poll: () => undefined,
    close: async () => undefined,
  };
}

// Compiled (dist/server), the thread's file is JavaScript beside this chunk; from the sources, TypeScript beside this file.
const fromSources = import.meta.url.endsWith('.ts');
const writerFile = new URL(fromSources ? './sqlite-writer.ts' : './sqlite-writer.js', import.meta.url);

/**
 * A thread of the process's own commits the batches on its own connection
 * (docs/decisions/0052, fifth round). Batches are sent as they come, without
 * waiting for the last one's answer; the thread answers them in order. The
 * thread holds the process open only while a batch is unanswered: a script
 * that never closes its store still ends. Its answers arrive with the event
 * loop's I/O, or sooner when the store looks for them (`poll`) as it sends
 * the next batch: under load a turn of the event loop is long.
 */
export function threadWriter(data: WriterData): LogWriter {
  const { port1: answers, port2: threadAnswers } = new MessageChannel();
  const workerData: WriterData = { ...data, answers: threadAnswers };
  const options = { workerData, transferList: [threadAnswers] };
  const worker = fromSources ? new Worker(compiledFromSources(), { ...options, eval: true }) : new Worker(writerFile, options);
  worker.unref();
  const waiting: { resolve(outcomes: AppendOutcome[]): void; reject(error: unknown): void }[] = [];
  let stopped: Error | undefined;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));

  const answered = (count: number) => {
    const done = waiting.splice(0, count);
    if (waiting.length === 0) answers.unref();
    return done;
  };
  const take = (answer: WriterAnswer) => {
    if (answer.kind === 'committed') answered(answer.outcomes.length).forEach((batch, i) => batch.resolve(answer.outcomes[i] as AppendOutcome[]));
    else for (const batch of answered(answer.batches)) batch.reject(errorFrom(answer.error));
  };
  answers.on('message', take);
  answers.unref();
  const fail = (error: Error) => {
    stopped ??= error;
    for (const batch of answered(waiting.length)) batch.reject(stopped);
  };
  worker.on('error', fail);
  worker.on('exit', () => fail(new Error('The event store’s writer thread stopped')));

  return {
    commit(batch) {
      if (stopped) return Promise.reject(stopped);
      return new Promise((resolve, reject) => {
        if (waiting.length === 0) answers.ref();
        waiting.push({ resolve, reject });
        worker.postMessage({ kind: 'commit', batch } satisfies WriterMessage);
      });
    },
    poll() {
      if (waiting.length === 0) return;
      for (let answer = receiveMessageOnPort(answers); answer; answer = receiveMessageOnPort(answers)) take(answer.message as WriterAnswer);
    },
    async close() {
      if (!stopped) {
        stopped = new Error('The event store is closed');
        // Held open until the thread closed its connection (SQLite checkpoints the WAL then).
        worker.ref();
        worker.postMessage({ kind: 'close' } satisfies WriterMessage);
      }
      await exited;
      answers.close();
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
