import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

/*
 * The bare baseline of the WEB_CONCURRENCY benchmark, in a process of its own:
 * a Hono JSON POST route served by N processes behind one port, forked by
 * node:cluster as `WEB_CONCURRENCY=N npm start` does (one process, no
 * cluster, for N = 1). Each serving process prints {"port": …} once it listens.
 */

const count = Number(process.argv[2] ?? '1');

if (count > 1 && cluster.isPrimary) {
  for (let i = 0; i < count; i++) cluster.fork();
  process.once('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    process.exit(0);
  });
} else {
  const app = new Hono().post('/bare', async (c) => c.json({ received: await c.req.json() }, 201));
  const server = serve({ fetch: app.fetch, port: 0 }, () => {
    process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
  });
  process.once('SIGTERM', () => process.exit(0));
}
