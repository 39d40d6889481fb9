import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { z } from 'zod';
import type { PositionedPush } from '../projections/projection';
import type { Logger } from './logger';
import type { SessionClaims, Sessions } from './session';

export interface SocketSession {
  user?: SessionClaims;
  admin?: SessionClaims;
}

export interface RealtimeOptions {
  sessions: Sessions;
  publicUrl: string;
  logger: Logger;
  /** Whether this session may follow a property's room; every signed-in user by default. */
  canWatchProperty?: (session: SocketSession, propertyId: string) => Promise<boolean>;
}

export interface Realtime {
  /** Relays what a projection announced to the rooms it named. */
  push(push: PositionedPush): void;
  /** Disconnects every socket and closes the HTTP server (waiting for requests in flight). */
  close(): Promise<void>;
  io: Server;
}

export const userRoom = (userId: string) => `user:${userId}`;
export const propertyRoom = (propertyId: string) => `property:${propertyId}`;
export const ADMINS_ROOM = 'admins';

const watchPayload = z.object({ propertyId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
type Ack = (answer: { ok: boolean; message?: string }) => void;

/**
 * Socket.IO on the HTTP server's port. It holds no business logic: it
 * authenticates from the session cookie, puts sockets in the rooms their
 * session entitles them to, and relays pushes.
 */
export function attachRealtime(httpServer: HttpServer, options: RealtimeOptions): Realtime {
  const publicOrigin = new URL(options.publicUrl).origin;
  const io = new Server(httpServer, {
    serveClient: false,
    // Cross-site WebSocket hijacking: browsers send Origin, and it must be ours.
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      const ownOrigins = [`http://${req.headers.host}`, `https://${req.headers.host}`];
      callback(null, origin === undefined || origin === publicOrigin || ownOrigins.includes(origin));
    },
  });

  io.use(async (socket, next) => {
    const session = await options.sessions.fromCookieHeader(socket.request.headers.cookie);
    if (!session.user && !session.admin) return next(new Error('Not authenticated'));
    socket.data.session = session;
    next();
  });

  io.on('connection', (socket) => {
    const session = socket.data.session as SocketSession;
    if (session.user) void socket.join(userRoom(session.user.subject));
    if (session.admin) void socket.join(ADMINS_ROOM);

    socket.on('property:watch', async (payload: unknown, ack?: Ack) => {
      const parsed = watchPayload.safeParse(payload);
      if (!parsed.success) return ack?.({ ok: false, message: 'Invalid property id' });
      const { propertyId } = parsed.data;
      const allowed = (await options.canWatchProperty?.(session, propertyId)) ?? true;
      if (!allowed) return ack?.({ ok: false, message: 'Property not found' });
      await socket.join(propertyRoom(propertyId));
      ack?.({ ok: true });
    });

    socket.on('property:unwatch', async (payload: unknown, ack?: Ack) => {
      const parsed = watchPayload.safeParse(payload);
      if (parsed.success) await socket.leave(propertyRoom(parsed.data.propertyId));
      ack?.({ ok: parsed.success });
    });
  });

  return {
    io,
    push({ rooms, event, payload, position }) {
      // Nobody to tell: skip encoding the packet (every socket of this process is in the adapter's rooms).
      if (!rooms.some((room) => io.sockets.adapter.rooms.has(room))) return;
      io.to(rooms).emit(event, { ...payload, position });
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
