import { createContext, createElement, useContext, useEffect, useRef, type ReactNode } from 'react';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ManagerOptions, Socket as LibrarySocket, SocketOptions } from 'socket.io-client';
import type { ClientToServerEvents, PushEvent, PushOf, ServerToClientEvents } from '../../contract/realtime';
import { notePosition } from './api';
import { queryKeys } from './query-keys';

// Payloads pushed by the server (src/contract/realtime.ts). `position` is the log position that caused the event.
export type ServerEvents = { [E in PushEvent]: PushOf<E> };

type ServerEventName = PushEvent;
type Socket = LibrarySocket<ServerToClientEvents, ClientToServerEvents>;

type CacheRule<Payload> = {
  // Events that overwrite a value name the value here, so a late event with an
  // older position cannot undo a newer one. Invalidations need no ordering.
  orderKey?: (payload: Payload) => string;
  apply: (queryClient: QueryClient, payload: Payload) => void;
};

// The whole mapping from server events to the query cache lives in this table.
const cacheRules: { [E in ServerEventName]: CacheRule<ServerEvents[E]> } = {
  'credits:changed': {
    orderKey: () => 'credits',
    apply: (queryClient, { credits, reason }) => {
      queryClient.setQueryData(queryKeys.user, (user: unknown) => (isRecord(user) ? { ...user, credits } : user));
      // Bids and rewards move the credits; the realtor dashboard's totals and achievements move with them.
      void queryClient.invalidateQueries({ queryKey: queryKeys.realtorDashboard, exact: true });
      // The statement gains the entry; a refund shows on the bid it gave back (docs/decisions/0059).
      void queryClient.invalidateQueries({ queryKey: queryKeys.creditStatement, exact: true });
      if (reason?.kind === 'refund') void queryClient.invalidateQueries({ queryKey: queryKeys.ownBids, exact: true });
    },
  },
  'property:bids': {
    orderKey: ({ propertyId }) => `bids:${propertyId}`,
    apply: (queryClient, { propertyId, bidCount }) => {
      patchCachedData(queryClient, queryKeys.properties, (data) => withBidCount(data, propertyId, bidCount));
      patchCachedData(queryClient, queryKeys.ownProperties, (data) => withBidCount(data, propertyId, bidCount));
      // A changed count means the list itself changed for whoever holds it.
      void queryClient.invalidateQueries({ queryKey: queryKeys.propertyBids(propertyId), exact: true });
    },
  },
  'bid:placed': {
    apply: (queryClient, { propertyId }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.propertyBids(propertyId), exact: true });
    },
  },
  'bid:selected': {
    apply: (queryClient, { propertyId, realtorId }) => {
      // The bid now reads as selected, and the chosen realtor's own list carries the owner's contact.
      void queryClient.invalidateQueries({ queryKey: queryKeys.propertyBids(propertyId), exact: true });
      // The owner may now see that realtor's email and phone in the profile dialog.
      void queryClient.invalidateQueries({ queryKey: queryKeys.realtorProfile(realtorId), exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.ownBids, exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.contactShares, exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.property(propertyId), exact: true });
    },
  },
  'bid:seen': {
    apply: (queryClient, { propertyId }) => {
      // The realtor's bid card says "Seen by the homeowner", on the dashboard and on the listing page.
      void queryClient.invalidateQueries({ queryKey: queryKeys.ownBids, exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.propertyBids(propertyId), exact: true });
    },
  },
  'realtor:verification': {
    orderKey: () => 'realtor-verification',
    apply: (queryClient) => {
      // The profile's Licence Verification card and the listing page's bid panel read the realtor's own profile.
      void queryClient.invalidateQueries({ queryKey: queryKeys.ownRealtorProfile, exact: true });
    },
  },
  'notification:new': {
    apply: (queryClient, { kind }) => {
      // The bell's count and the panel's list both come from the inbox's first page.
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
      // A listing that went live in the realtor's area joins /home's grid.
      if (kind === 'listing-in-area') void queryClient.invalidateQueries({ queryKey: queryKeys.propertyPages });
    },
  },
  'homeowner:verification': {
    orderKey: () => 'homeowner-verification',
    apply: (queryClient) => {
      // The profile's Verification Status card, and the signed-in user (whether they may list).
      void queryClient.invalidateQueries({ queryKey: queryKeys.verificationStatus, exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.user, exact: true });
    },
  },
  activity: {
    // Every change to the marketplace is an entry of the log (docs/decisions/0034), so each one refreshes
    // every admin read: the open tab's list refetches its loaded pages, the others when next opened, and
    // what an administrator edits is current. A refetch under way is kept rather than restarted, so a burst
    // of entries costs one refetch per list at a time.
    apply: (queryClient) => {
      void queryClient.invalidateQueries(
        { predicate: (query) => query.queryKey[0] === queryKeys.admin[0] && query.queryKey[1] !== queryKeys.adminMe[1] },
        { cancelRefetch: false },
      );
    },
  },
};

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

function patchCachedData(queryClient: QueryClient, queryKey: QueryKey, patch: (data: unknown) => unknown): void {
  for (const [key, data] of queryClient.getQueriesData({ queryKey })) {
    const next = patch(data);
    if (next !== data) queryClient.setQueryData(key, next);
  }
}

// Property read models that show a count carry `bidCount`; others are left alone.
// Paged lists ({ properties, nextCursor }) and infinite queries ({ pages, pageParams }) are walked into.
function withBidCount(data: unknown, propertyId: string, bidCount: number): unknown {
  if (isRecord(data) && Array.isArray(data.pages)) {
    const pages = withBidCount(data.pages, propertyId, bidCount);
    return pages === data.pages ? data : { ...data, pages };
  }
  if (isRecord(data) && Array.isArray(data.properties)) {
    const properties = withBidCount(data.properties, propertyId, bidCount);
    return properties === data.properties ? data : { ...data, properties };
  }
  if (Array.isArray(data)) {
    const next = data.map((item: unknown) => withBidCount(item, propertyId, bidCount));
    return next.some((item, index) => item !== data[index]) ? next : data;
  }
  if (isRecord(data) && 'bidCount' in data && String(data.id) === propertyId && data.bidCount !== bidCount) {
    return { ...data, bidCount };
  }
  return data;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
