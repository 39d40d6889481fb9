import { parentPort, workerData } from 'node:worker_threads';
import { createCommitter, errorData, openLog } from './sqlite-commit';
import { crossProcessWake } from './sqlite-wake';
import type { WriterAnswer, WriterData, WriterMessage } from './sqlite-writer-thread';

/*
 * The writer thread of a SQLite event store on a file (sqlite-writer-thread.ts
 * starts it): its own connection commits each batch the event loop sends,
 * one at a time, and answers each append's outcome once the commit (and its
 * fsync) returned. SQLite's busy handler may sleep here while another process
 * holds the write lock: no request waits on this thread. A connection that
 * cannot open throws, and the event loop hears of it as the thread's error.
 */

const port = parentPort;
if (!port) throw new Error('sqlite-writer runs as a worker thread');
const { path, synchronous } = workerData as WriterData;
const db = openLog(path, synchronous);
const commit = createCommitter(db);
const otherProcesses = crossProcessWake(path, () => undefined);

port.on('message', (message: WriterMessage) => {
  if (message.kind === 'close') {
    otherProcesses.close();
    db.close();
    port.close();
    return;
  }
  let answer: WriterAnswer;
  try {
    answer = { kind: 'committed', outcomes: commit(message.batch) };
  } catch (error) {
    port.postMessage({ kind: 'refused', error: errorData(error) } satisfies WriterAnswer);
    return;
  }
  // After the commit returned: another process woken now finds the events.
  otherProcesses.committed();
  port.postMessage(answer);
});
