import { createContext, createElement, useContext, useEffect, useRef, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { ManagerOptions, Socket as LibrarySocket, SocketOptions } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../contract/realtime';
import { notePosition } from './api';
import { queryKeys } from './query-keys';
import { type CacheRule, cacheRules, isRecord, type ServerEventName, type ServerEvents } from './realtime-cache-rules';

export type { ServerEvents } from './realtime-cache-rules';
type Socket = LibrarySocket<ServerToClientEvents, ClientToServerEvents>;

export type RealtimeClient = {
  /**
   * Calls `listener` with each `event` the server pushes (after the cache rule
   * has run), for effects outside the cache such as a toast. Returns the unsubscribe.
   */
  subscribe<E extends ServerEventName>(event: E, listener: (payload: ServerEvents[E]) => void): () => void;
  /** Joins the property's room; the returned function leaves it. Calls are reference-counted. */
  watchProperty(propertyId: string): () => void;
  /** Rooms come from the session at handshake, so call this after login and logout. */
  reconnect(): void;
  close(): void;
};

export type RealtimeOptions = {
  queryClient: QueryClient;
  /** Omit in the browser: the socket then uses the page's origin. */
  url?: string;
  socketOptions?: Partial<ManagerOptions & SocketOptions>;
  /**
   * Opens the socket only while a user or an administrator is signed in (their session in the query cache), and
   * reconnects when that changes: a visitor loads no socket library and opens no socket the server would refuse.
   * Without it the socket connects at once and `reconnect()` reconnects.
   */
  whileSignedIn?: boolean;
  /** The socket library is fetched and the socket opened no sooner than this settles (the page shown first). */
  startAfter?: Promise<unknown>;
};

export function createRealtimeClient({ queryClient, url, socketOptions, whileSignedIn = false, startAfter = Promise.resolve() }: RealtimeOptions): RealtimeClient {
  // WebSocket only: long-polling needs sticky sessions, and app nodes share none.
  const options: Partial<ManagerOptions & SocketOptions> = {
    withCredentials: true,
    transports: ['websocket'],
    ...socketOptions,
  };
  const listeners = new Map<ServerEventName, Set<(payload: never) => void>>();
  const watched = new Map<string, number>();
  const appliedPositions = new Map<string, number>();
  let socket: Socket | undefined;
  let opening = false;
  let closed = false;
  let hasConnected = false;
  // Who the socket's handshake was for: 'user id|admin id', '|' for nobody.
  let identity = whileSignedIn ? signedInIdentity(queryClient) : '';

  // The library comes with the first socket, in a chunk of its own.
  function open(): void {
    if (socket !== undefined || opening || closed) return;
    opening = true;
    void startAfter.then(() => import('socket.io-client')).then(({ io }) => {
      opening = false;
      if (socket !== undefined || closed || (whileSignedIn && identity === SIGNED_OUT)) return;
      socket = url === undefined ? io(options) : io(url, options);
      wire(socket);
    });
  }

  function shut(): void {
    socket?.removeAllListeners();
    socket?.disconnect();
    socket = undefined;
    hasConnected = false;
    appliedPositions.clear();
  }

  // Rooms come from the session at handshake: a new session needs a new handshake, no session no socket.
  function followSession(): void {
    const next = signedInIdentity(queryClient);
    if (next === identity) return;
    identity = next;
    if (identity === SIGNED_OUT) return shut();
    if (socket === undefined) return open();
    socket.disconnect();
    socket.connect();
  }

  function wire(socket: Socket): void {
    socket.on('connect', () => {
      if (hasConnected) {
        // Events may have been missed while away, and after a server restart the
        // log positions may start over: forget them and refetch what is shown.
        appliedPositions.clear();
        void queryClient.invalidateQueries();
      }
      hasConnected = true;
      for (const propertyId of watched.keys()) socket.emit('property:watch', { propertyId });
    });

    socket.on('disconnect', (reason) => {
      // The server closes the sockets of a session that ended. A password change here left a renewed
      // session in the cookie, so connect once more: a handshake without a standing session is refused
      // and not retried, so a signed-out tab stays out.
      if (reason === 'io server disconnect') socket.connect();
    });

    for (const event of Object.keys(cacheRules) as ServerEventName[]) {
      socket.on(event, (payload: unknown) => {
        if (!isRecord(payload) || typeof payload.position !== 'number') return;
        // What a push showed, the next request must find on whichever node answers it.
        notePosition(payload.position);
        applyRule(cacheRules[event] as CacheRule<unknown>, payload, payload.position);
        for (const listener of listeners.get(event) ?? []) listener(payload as never);
      });
    }
  }

  function applyRule(rule: CacheRule<unknown>, payload: unknown, position: number): void {
    const key = rule.orderKey?.(payload);
    if (key !== undefined) {
      const applied = appliedPositions.get(key);
      if (applied !== undefined && applied >= position) return;
      appliedPositions.set(key, position);
    }
    rule.apply(queryClient, payload);
  }

  const stopFollowing = whileSignedIn ? queryClient.getQueryCache().subscribe(followSession) : () => {};
  if (!whileSignedIn || identity !== SIGNED_OUT) open();

  return {
    subscribe(event, listener) {
      const forEvent = listeners.get(event) ?? new Set();
      listeners.set(event, forEvent);
      const handler = listener as (payload: never) => void;
      forEvent.add(handler);
      return () => {
        forEvent.delete(handler);
      };
    },
    watchProperty(propertyId) {
      const count = watched.get(propertyId) ?? 0;
      watched.set(propertyId, count + 1);
      // While disconnected, the 'connect' handler sends the watch instead.
      if (count === 0 && socket?.connected) socket.emit('property:watch', { propertyId });
      let left = false;
      return () => {
        if (left) return;
        left = true;
        const remaining = (watched.get(propertyId) ?? 1) - 1;
        if (remaining > 0) {
          watched.set(propertyId, remaining);
          return;
        }
        watched.delete(propertyId);
        if (socket?.connected) socket.emit('property:unwatch', { propertyId });
      };
    },
    reconnect() {
      if (whileSignedIn) return followSession();
      if (socket === undefined) return open();
      socket.disconnect();
      socket.connect();
    },
    close() {
      closed = true;
      stopFollowing();
      shut();
    },
  };
}

const SIGNED_OUT = '|';

function signedInIdentity(queryClient: QueryClient): string {
  const idOf = (session: unknown) => (isRecord(session) && typeof session.id === 'string' ? session.id : '');
  return `${idOf(queryClient.getQueryData(queryKeys.user))}|${idOf(queryClient.getQueryData(queryKeys.adminMe))}`;
}

const RealtimeContext = createContext<RealtimeClient | null>(null);

export function RealtimeProvider({ client, children }: { client: RealtimeClient; children: ReactNode }) {
  return createElement(RealtimeContext.Provider, { value: client }, children);
}

export function useRealtime(): RealtimeClient {
  const client = useContext(RealtimeContext);
  if (client === null) throw new Error('useRealtime must be used inside <RealtimeProvider>');
  return client;
}

/** Calls `listener` for each pushed `event` while mounted; the latest `listener` is used. */
export function useServerEvent<E extends ServerEventName>(event: E, listener: (payload: ServerEvents[E]) => void): void {
  const client = useRealtime();
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => client.subscribe(event, (payload) => latest.current(payload)), [client, event]);
}

/** Keeps the caller subscribed to the property's `property:bids` pushes while mounted. */
export function useWatchProperty(propertyId: string | undefined): void {
  const client = useRealtime();
  useEffect(() => (propertyId === undefined ? undefined : client.watchProperty(propertyId)), [client, propertyId]);
}
