import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryClient } from '@tanstack/react-query';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryKeys } from '../../lib/query-keys';
import { createRealtimeClient, type RealtimeClient } from '../../lib/realtime';

/*
 * The listing screens' data shapes against lib/realtime.ts, with a real
 * Socket.IO server: /home's infinite pages take pushed bid counts, a
 * selection refreshes the listing and its bids, and subscribers hear
 * bid:placed (the owner's toast).
 */

let httpServer: HttpServer;
let io: Server;
let queryClient: QueryClient;
let client: RealtimeClient | undefined;

beforeEach(async () => {
  httpServer = createServer();
  io = new Server(httpServer);
  await new Promise<void>((resolve) => httpServer.listen(0, resolve));
  queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
});

afterEach(async () => {
  client?.close();
  client = undefined;
  queryClient.clear();
  await io.close();
});

async function connect(): Promise<ServerSocket> {
  const connected = new Promise<ServerSocket>((resolve) => io.once('connection', resolve));
  const url = `http://localhost:${(httpServer.address() as AddressInfo).port}`;
  client = createRealtimeClient({ queryClient, url });
  return connected;
}

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 3000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('Condition not met within 3 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const isInvalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated ?? false;

describe('listing screens and pushed events', () => {
  it('patches the bid count inside /home’s infinite pages, filtered or not, and leaves other pages as they are', async () => {
    const untouchedPage = { properties: [{ id: 'p2', bidCount: 7 }], nextCursor: null };
    const search = queryKeys.propertySearch({ propertyType: 'house', sort: 'fewest_bids' });
    queryClient.setQueryData(queryKeys.propertySearch({}), { pages: [{ properties: [{ id: 'p1', bidCount: 1 }], nextCursor: null, total: 1 }], pageParams: [null] });
    queryClient.setQueryData(search, {
      pages: [{ properties: [{ id: 'p0', bidCount: 0 }, { id: 'p1', bidCount: 1 }], nextCursor: 5, total: 3 }, untouchedPage],
      pageParams: [null, 5],
    });
    queryClient.setQueryData(queryKeys.propertyBids('p1'), []);
    const socket = await connect();

    socket.emit('property:bids', { propertyId: 'p1', bidCount: 4, position: 3 });

    await until(() => isInvalidated(queryKeys.propertyBids('p1')));
    type Pages = { pages: Array<{ properties: Array<{ id: string; bidCount: number }> }> };
    const data = queryClient.getQueryData<Pages>(search);
    expect(data?.pages[0]?.properties).toEqual([{ id: 'p0', bidCount: 0 }, { id: 'p1', bidCount: 4 }]);
    expect(data?.pages[1]).toBe(untouchedPage);
    expect(queryClient.getQueryData<Pages>(queryKeys.propertySearch({}))?.pages[0]?.properties).toEqual([{ id: 'p1', bidCount: 4 }]);
  });

  it('refreshes the listing and its bids on bid:selected', async () => {
    queryClient.setQueryData(queryKeys.property('p1'), { id: 'p1', bidCount: 2 });
    queryClient.setQueryData(queryKeys.propertyBids('p1'), []);
    queryClient.setQueryData(queryKeys.property('p2'), { id: 'p2', bidCount: 0 });
    const socket = await connect();

    socket.emit('bid:selected', { propertyId: 'p1', bidId: 'b1', realtorId: 'r1', selectedAt: '2026-01-01T00:00:00.000Z', position: 9 });

    await until(() => isInvalidated(queryKeys.propertyBids('p1')) && isInvalidated(queryKeys.property('p1')));
    expect(isInvalidated(queryKeys.property('p2'))).toBe(false);
  });

  it('tells subscribers about bid:placed until they unsubscribe', async () => {
    const socket = await connect();
    const heard: unknown[] = [];
    const unsubscribe = (client as RealtimeClient).subscribe('bid:placed', (payload) => heard.push(payload));

    socket.emit('bid:placed', { propertyId: 'p1', amount: 250, position: 1 });
    await until(() => heard.length === 1);
    expect(heard[0]).toMatchObject({ propertyId: 'p1', amount: 250 });

    unsubscribe();
    queryClient.setQueryData(queryKeys.propertyBids('p1'), []);
    socket.emit('bid:placed', { propertyId: 'p1', amount: 300, position: 2 });
    // Events arrive in order: once this one has landed, the bid:placed before it was handled too.
    socket.emit('bid:selected', { propertyId: 'p1', bidId: 'b', realtorId: 'r', selectedAt: '', position: 3 });
    await until(() => isInvalidated(queryKeys.propertyBids('p1')));
    expect(heard).toHaveLength(1);
  });
});
