import { z } from 'zod';

/** The back office's list contract (docs/decisions/0032): one page of items, where the next starts (null on the last), and how many match in all. */
export const listPageAnswer = <Item extends z.ZodType>(item: Item) => z.object({ items: z.array(item), nextCursor: z.string().nullable(), total: z.number() });
