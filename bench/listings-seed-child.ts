import type { SeedCounts } from './listings-seed';
import { seedListingsLog } from './listings-seed';

// Run by bench/listings.ts in a process of its own: argv is the log's path and the counts as JSON.
// argv: the log's path, the counts as JSON, and optionally where the personal keys go (the values then sealed).
const [path, counts, keysPath] = process.argv.slice(2);
if (!path || !counts || !process.send) throw new Error('usage: forked with <path> <counts as JSON>');
const seeded = await seedListingsLog(path, JSON.parse(counts) as SeedCounts, keysPath ? { keysPath } : {});
process.send(seeded, () => process.exit(0));
