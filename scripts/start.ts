import { main } from '../src/http/main';
import { ensureClientBuild } from './client-build';

// Builds the web client when it is missing or older than its sources, then serves everything.
await ensureClientBuild({ log: (line) => process.stdout.write(`${line}\n`) });
await main();
