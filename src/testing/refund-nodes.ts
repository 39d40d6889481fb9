import { join } from 'node:path';
import { propertyStreamId } from '../domain/listings/events';
import { expected } from '../event-store/port';
import { createSqliteEventStore } from '../event-store/sqlite';
import type { Mail } from '../mail/port';
import { createProjections } from '../projections/registry';
import type { BiddingApp } from './bidding';
import { get, listProperty, placeBid, registerHomeowner, registerRealtor } from './bidding';
import type { NodeOptions } from './process-manager-nodes';
import { processManagerNodes } from './process-manager-nodes';

/* The nodes, listing and bidders the bid refund tests (src/processes/bidding/bid-refunds*.test.ts) start from. */

export const closes = '2099-12-06T10:00:00.000Z';

/** Nodes on workspaces removed after each test of the calling file; `withoutReactor` boots one with no refund process. */
export function refundNodes() {
  const { workspace, bootNode: boot } = processManagerNodes();
  const bootNode = (dir: string, options: NodeOptions & { withoutReactor?: boolean } = {}) =>
    boot(dir, { ...options, ...(options.withoutReactor ? { projections: createProjections() } : {}) });
  type Node = Awaited<ReturnType<typeof bootNode>>;
  /** The refund mails of the workspace once each node's refunds and the mails they owe went out (they follow the log). */
  const refundMails = async (...nodes: Node[]): Promise<Mail[]> => {
    await Promise.all(nodes.map((node) => node.mailed()));
    return (await nodes[0]!.mailed()).filter((mail) => mail.tag === 'bid-refund');
  };
  /** Bids on a listing, then deletes it straight in the log while no node runs: the next boot owes both refunds. */
  const deletedWhileNoNodeRan = async (dir: string) => {
    const firstBoot = await bootNode(dir);
    const bidding = await biddingOnOneListing(firstBoot);
    await firstBoot.close();
    const store = createSqliteEventStore({ path: join(dir, 'events.db') });
    const { propertyId, owner } = bidding;
    const deleted = { propertyId, ownerId: owner.user.id, title: 'Sunny loft', biddingEndsAt: closes, images: [], at: new Date().toISOString() };
    await store.append(propertyStreamId(propertyId), [{ id: crypto.randomUUID(), type: 'PropertyDeleted', data: deleted }], expected.streamExists);
    await store.close();
    return bidding;
  };
  return { workspace, bootNode, refundMails, deletedWhileNoNodeRan };
}

export const credits = async (t: BiddingApp, cookie: string) => ((await (await get(t, '/api/user', cookie)).json()) as { credits: number }).credits;

export async function biddingOnOneListing(t: BiddingApp) {
  const owner = await registerHomeowner(t);
  const first = await registerRealtor(t, 1);
  const second = await registerRealtor(t, 1);
  const propertyId = await listProperty(t, owner.user.id, { biddingEndsAt: closes, title: 'Sunny loft' });
  const kept = await listProperty(t, owner.user.id, { biddingEndsAt: closes, title: 'Kept' });
  const bidIds: string[] = [];
  for (const realtor of [first, second]) bidIds.push(((await (await placeBid(t, realtor.cookie, propertyId)).json()) as { id: string }).id);
  await placeBid(t, first.cookie, kept);
  return { owner, first, second, propertyId, kept, bidIds };
}
