import type { Socket } from 'socket.io-client';
import { io as connect } from 'socket.io-client';
import { afterEach } from 'vitest';

/**
 * What a socket test undoes after each test, last first, and real Socket.IO
 * clients (websocket only, never reconnecting) that it closes there.
 */
export function socketTestKit() {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    while (cleanups.length > 0) await cleanups.pop()?.();
  });

  /** A connected client sending `cookie`; rejects when the handshake is refused. */
  function socketWith(url: string, cookie: string): Promise<Socket> {
    const socket = connect(url, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false, forceNew: true });
    cleanups.push(() => void socket.disconnect());
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }

  return { cleanups, socketWith };
}
