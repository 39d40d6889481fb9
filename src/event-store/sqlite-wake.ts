import type { FSWatcher } from 'node:fs';
import { closeSync, constants, openSync, watch, writeSync } from 'node:fs';

/**
 * Wakes this store's followers when another connection to the same file
 * (another process, usually) committed, instead of leaving them to the poll:
 * every commit writes one byte into a small file beside the log
 * (`events.db-notify`), and every store that follows the log watches that file
 * (inotify on Linux, so the news arrives within a millisecond). The byte is
 * written after the commit, so a woken reader finds the events. The poll stays
 * as the fallback where a file system sends no such news (a network share).
 */
export function crossProcessWake(path: string, wake: () => void) {
  const file = path === '' || path === ':memory:' || path.startsWith('file:') ? undefined : `${path}-notify`;
  const byte = Buffer.from([0]);
  let fd: number | undefined;
  let watcher: FSWatcher | undefined;
  const open = () => {
    // Read-write without O_APPEND: the byte is rewritten in place, so the file never grows.
    fd ??= openSync(file as string, constants.O_RDWR | constants.O_CREAT, 0o644);
    return fd;
  };
  return {
    committed() {
      if (file === undefined) return;
      try {
        writeSync(open(), byte, 0, 1, 0);
      } catch {
        // Followers elsewhere fall back to their poll.
      }
    },
    listen() {
      if (file === undefined || watcher) return;
      try {
        open();
        // Not persistent: a watch alone must not keep the process alive.
        watcher = watch(file, { persistent: false }, wake);
        watcher.on('error', () => {
          watcher?.close();
        });
      } catch {
        // No watch (inotify limits, an odd file system): the poll still finds every event.
      }
    },
    close() {
      watcher?.close();
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
  };
}
