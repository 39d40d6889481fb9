// The admin lists benchmark alone: `npx tsx bench/zz-admin-only.ts`.
import { benchAdminLists } from './admin-lists';

await benchAdminLists();
process.exit(0);
