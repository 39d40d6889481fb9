import type { Server as HttpServer } from 'node:http';
import type { Socket } from 'socket.io';
import { Server } from 'socket.io';
import { z } from 'zod';
import type { ClientToServerEvents, ServerToClientEvents } from '../contract/realtime';
import { ADMINS_ROOM, personRoom, propertyRoom, userRoom } from '../contract/realtime';
import type { PositionedPush, SessionEndedPayload } from '../projections/projection';
import { SESSION_ENDED_PUSH } from '../projections/projection';
import type { Logger } from './platform/logger';
import type { SessionClaims, SessionKind, Sessions } from './session';

export interface SocketSession {
  user?: SessionClaims;
  admin?: SessionClaims;
}

type SocketData = { session: SocketSession };
type AppServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export interface RealtimeOptions {
  sessions: Sessions;
  publicUrl: string;
  logger: Logger;
  /**
   * The stored id of a listing this session may follow, or null
   * (src/http/platform/property-watch.ts). Rooms are named from that id, never from
   * what the client sent.
   */
  watchableProperty: (session: SocketSession, propertyId: string) => Promise<string | null>;
}

export interface Realtime {
  /** Relays what a projection announced to the rooms it named. */
  push(push: PositionedPush): void;
  /** Whether a socket of this process is in one of `rooms` now. */
  listening(rooms: readonly string[]): boolean;
  /** Disconnects every socket and closes the HTTP server (waiting for requests in flight). */
  close(): Promise<void>;
  io: AppServer;
}

/** The rooms a session puts its socket in; it leaves them when the session ends. */
function sessionRooms(kind: SessionKind, claims: SessionClaims): string[] {
  return kind === 'user' ? [userRoom(claims.subject)] : [ADMINS_ROOM, personRoom('admin', claims.subject)];
}

function isEndedBy(claims: SessionClaims, ended: SessionEndedPayload): boolean {
  if (claims.subject !== ended.subject) return false;
  return 'sessionId' in ended ? claims.sessionId === ended.sessionId : claims.version < ended.sessionVersion;
}

const watchPayload = z.object({ propertyId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

/**
 * Socket.IO on the HTTP server's port. It holds no business logic: it
 * authenticates from the session cookie, puts sockets in the rooms their
 * session entitles them to, and relays pushes.
 */
export function attachRealtime(httpServer: HttpServer, options: RealtimeOptions): Realtime {
  const publicOrigin = new URL(options.publicUrl).origin;
  const io: AppServer = new Server(httpServer, {
    serveClient: false,
    // WebSocket only, as the web client connects: long-polling spreads one socket over several
    // requests, which app processes behind one port (WEB_CONCURRENCY) or a proxy would not keep together.
    transports: ['websocket'],
    // Cross-site WebSocket hijacking: browsers send Origin, and it must be ours.
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      const ownOrigins = [`http://${req.headers.host}`, `https://${req.headers.host}`];
      callback(null, origin === undefined || origin === publicOrigin || ownOrigins.includes(origin));
    },
  });

  io.use(async (socket, next) => {
    // Socket.IO does not await this function: a read store that throws here must reach next(), not the process.
    let session: SocketSession;
    try {
      session = await options.sessions.fromCookieHeader(socket.request.headers.cookie);
    } catch (error) {
      options.logger.error('socket session check failed', { error });
      return next(new Error('Session check failed'));
    }
    if (!session.user && !session.admin) return next(new Error('Not authenticated'));
    socket.data.session = session;
    next();
  });

  /**
   * Takes an ended session off the socket: it leaves that session's rooms, and
   * a socket left with no session is disconnected (a browser holds one socket
   * for its user and admin cookies alike).
   */
  const endSocketSession = (socket: AppSocket, kind: SessionKind) => {
    const session = socket.data.session;
    const claims = session[kind];
    if (!claims) return;
    const rest: SocketSession = { ...session };
    delete rest[kind];
    socket.data.session = rest;
    if (!rest.user && !rest.admin) {
      socket.disconnect(true);
      return;
    }
    const kept = new Set(rest.user ? sessionRooms('user', rest.user) : []);
    for (const room of sessionRooms(kind, claims)) if (!kept.has(room)) void socket.leave(room);
  };

  // Every node follows the log, so each closes its own sockets of a session the moment the log says it ended.
  const endSessions = (ended: SessionEndedPayload) => {
    const members = io.sockets.adapter.rooms.get(personRoom(ended.kind, ended.subject));
    for (const id of [...(members ?? [])]) {
      const socket = io.sockets.sockets.get(id);
      const claims = socket?.data.session[ended.kind];
      if (socket && claims && isEndedBy(claims, ended)) endSocketSession(socket, ended.kind);
    }
  };

  io.on('connection', (socket) => {
    const session = socket.data.session;
    for (const kind of ['user', 'admin'] as const) {
      const claims = session[kind];
      if (claims) for (const room of sessionRooms(kind, claims)) void socket.join(room);
    }

    // Payloads are typed by the contract but come from anyone: each is parsed before use.
    socket.on('property:watch', async (payload: unknown, ack) => {
      const parsed = watchPayload.safeParse(payload);
      if (!parsed.success) return ack?.({ ok: false, message: 'Invalid property id' });
      // Socket.IO does not await handlers: a read that throws is answered here, or it would reject unhandled.
      let propertyId: string | null;
      try {
        propertyId = await options.watchableProperty(socket.data.session, parsed.data.propertyId);
      } catch (error) {
        options.logger.error('property watch check failed', { error });
        return ack?.({ ok: false, message: 'Please try again' });
      }
      if (propertyId === null) return ack?.({ ok: false, message: 'Property not found' });
      // Joining after a disconnect would leave the id behind in the room.
      if (socket.disconnected) return;
      await socket.join(propertyRoom(propertyId));
      ack?.({ ok: true });
    });

    socket.on('property:unwatch', async (payload: unknown, ack) => {
      const parsed = watchPayload.safeParse(payload);
      if (parsed.success) await socket.leave(propertyRoom(parsed.data.propertyId));
      ack?.({ ok: parsed.success });
    });

    // A session that ended between the handshake's check and the joins above was announced to rooms
    // this socket was not in yet: check once more, now that any later end will reach it.
    void options.sessions.fromCookieHeader(socket.request.headers.cookie).then(
      (current) => {
        for (const kind of ['user', 'admin'] as const) {
          if (session[kind] && current[kind]?.sessionId !== session[kind].sessionId) endSocketSession(socket, kind);
        }
      },
      (error: unknown) => {
        options.logger.error('socket session check failed', { error });
        socket.disconnect(true);
      },
    );
  });

  // Every socket of this process is in the adapter's rooms.
  const listening = (rooms: readonly string[]) => rooms.some((room) => io.sockets.adapter.rooms.has(room));
  return {
    io,
    listening,
    push(push) {
      if (push.event === SESSION_ENDED_PUSH) return endSessions(push.payload);
      // Nobody to tell: skip encoding the packet.
      if (!listening(push.rooms)) return;
      emitPush(io, push);
    },
    close: () =>
      new Promise<void>((resolve) => {
        const force = setTimeout(() => httpServer.closeAllConnections(), 10_000);
        io.close(() => {
          clearTimeout(force);
          resolve();
        });
      }),
  };
}

/** One push to its rooms. TypeScript cannot relate a union's event to its payload, so this pairs them once. */
function emitPush(io: AppServer, { rooms, event, payload, position }: Exclude<PositionedPush, { event: typeof SESSION_ENDED_PUSH }>): void {
  (io.to(rooms).emit as (event: string, payload: object) => boolean)(event, { ...payload, position });
}
