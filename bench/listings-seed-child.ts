import type { SeedCounts } from './listings-seed';
import { seedListingsLog } from './listings-seed';

// Run by bench/listings.ts in a process of its own: argv is the log's path and the counts as JSON.
const [path, counts] = process.argv.slice(2);
if (!path || !counts || !process.send) throw new Error('usage: forked with <path> <counts as JSON>');
const seeded = await seedListingsLog(path, JSON.parse(counts) as SeedCounts);
process.send(seeded, () => process.exit(0));
