import type { MessagePort } from 'node:worker_threads';
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { createCommitter, errorData, openLog } from './sqlite-commit';
import type { AppendOutcome } from './sqlite-commit';
import type { WriterAnswer, WriterData, WriterMessage } from './sqlite-writer-thread';

/*
 * The writer thread of a SQLite event store on a file (sqlite-writer-thread.ts
 * starts it): its own connection commits the batches the event loop sends, in
 * the order sent, and answers each append's outcome once the commit (and its
 * fsync) returned. The batches that arrived while it was committing are
 * committed together, in one transaction: one fsync serves them all. SQLite's
 * busy handler may sleep here while another process holds the write lock: no
 * request waits on this thread. A connection that cannot open throws, and the
 * event loop hears of it as the thread's error.
 */

const port = parentPort as MessagePort | null;
if (!port) throw new Error('sqlite-writer runs as a worker thread');
const { path, synchronous, answers } = workerData as WriterData;
if (!answers) throw new Error('sqlite-writer needs a port for its answers');
const db = openLog(path, synchronous);
const commit = createCommitter(db);

port.on('message', (first: WriterMessage) => {
  const messages = [first];
  for (let next = receiveMessageOnPort(port); next; next = receiveMessageOnPort(port)) messages.push(next.message as WriterMessage);
  const batches = messages.flatMap((message) => (message.kind === 'commit' ? [message.batch] : []));
  if (batches.length > 0) answers.postMessage(commitTogether(batches));
  if (messages.some((message) => message.kind === 'close')) {
    db.close();
    answers.close();
    port.close();
  }
});

function commitTogether(batches: readonly Extract<WriterMessage, { kind: 'commit' }>['batch'][]): WriterAnswer {
  let outcomes: AppendOutcome[];
  try {
    outcomes = commit(batches.flat());
  } catch (error) {
    return { kind: 'refused', batches: batches.length, error: errorData(error) };
  }
  let start = 0;
  return {
    kind: 'committed',
    outcomes: batches.map((batch) => {
      start += batch.length;
      return outcomes.slice(start - batch.length, start);
    }),
  };
}
