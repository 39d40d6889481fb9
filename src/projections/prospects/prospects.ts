import { isProspectEvent } from '../../domain/prospects/decide';
import type { InquiryType } from '../../contract/prospects/prospects';
import type { Filter } from '../../read-store/port';
import type { Projection } from '../projection';
import { insertOnce } from '../projection';

export const PROSPECTS = 'prospects';

/** One contact or prospect form submission (SPEC §3 prospects). */
export type ProspectDoc = {
  _id: string;
  email: string;
  inquiryType: InquiryType;
  message: string | null;
  page: string;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: string;
  _position?: number;
};

/** The `prospects` read model, from the `prospects-{email}` streams. */
export function createProspectsProjection(): Projection {
  return {
    name: PROSPECTS,
    collections: [PROSPECTS],
    handles: ['ProspectSubmitted'],
    async setup(store) {
      const prospects = store.collection<ProspectDoc>(PROSPECTS);
      await prospects.createIndex({ email: 1 });
      await prospects.createIndex({ inquiryType: 1 });
      await prospects.createIndex({ createdAt: -1, _id: -1 });
    },
    async apply(event, store) {
      if (!isProspectEvent(event)) return;
      const { prospectId, email, inquiryType, message, page, ipAddress, userAgent, at } = event.data;
      await insertOnce(
        store.collection<ProspectDoc>(PROSPECTS),
        { _id: prospectId, email, inquiryType, message, page, ipAddress, userAgent, createdAt: at },
        event.position,
      );
    },
  };
}

/** Prospects whose email or message contains `search` (case-insensitive), of one inquiry type if given. */
export function prospectFilter(options: { search: string; inquiryType?: InquiryType | undefined }): Filter {
  const conditions: Filter[] = [];
  const term = options.search.trim();
  if (term !== '') {
    const pattern = { $regex: term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), $options: 'i' };
    conditions.push({ $or: [{ email: pattern }, { message: pattern }, { page: pattern }] });
  }
  if (options.inquiryType) conditions.push({ inquiryType: options.inquiryType });
  if (conditions.length === 0) return {};
  return conditions.length === 1 ? (conditions[0] as Filter) : { $and: conditions };
}
