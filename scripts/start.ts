import cluster from 'node:cluster';
import { main } from '../src/http/main';
import { ensureClientBuild } from './client-build';

// Builds the web client when it is missing or older than its sources, then serves everything.
// The app processes of WEB_CONCURRENCY run this file too: the primary has built it already.
if (cluster.isPrimary) await ensureClientBuild({ log: (line) => process.stdout.write(`${line}\n`) });
await main();
