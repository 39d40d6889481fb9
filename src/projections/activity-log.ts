import type { RecordedEvent } from '../event-store/port';
import type { Filter, ReadStore } from '../read-store/port';
import type { ActivityDraft, ActivityRow, ActivityTable, ActorType } from './activity-mappings';
import { ACTIVITY_TABLE } from './activity-mappings';
import type { Projection } from './projection';
import { insertOnce, upsertOnce } from './projection';

export const ADMIN_LOGS = 'admin_logs';
/** Actors' names as of each event, so replaying the log gives every entry the name it had. */
export const ACTIVITY_ACTORS = 'activity_actors';
export const ADMINS_ROOM = 'admins';

/** One entry of the admin activity log, as the API answers and the `activity` push carries it. */
export type ActivityEntry = {
  id: string;
  actorType: ActorType;
  actorId: string | null;
  actorName: string | null;
  /** The acting administrator, as the spec's admin_logs names it; null when a user or the system acted. */
  adminId: string | null;
  action: string;
  resourceType: string;
  resourceId: string | null;
  details: Record<string, unknown>;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: string;
};

export type ActivityDoc = Omit<ActivityEntry, 'id'> & { _id: string; _position?: number };
type ActorDoc = { _id: string; name: string; _position?: number };

const actorKey = (actorType: string, actorId: string) => `${actorType}:${actorId}`;

/**
 * The admin activity log (`admin_logs`): one entry per event the table names,
 * with the request's IP and user agent from the event's metadata. Each
 * entry is pushed to the `admins` room as `activity`; a client may see one
 * again after a redelivery and keeps entries by id.
 */
export function createActivityLogProjection(table: ActivityTable = ACTIVITY_TABLE): Projection {
  const rows = table as Record<string, ActivityRow<{ type: string; data: unknown }> | undefined>;
  return {
    name: ADMIN_LOGS,
    collections: [ADMIN_LOGS, ACTIVITY_ACTORS],
    async setup(store) {
      const logs = store.collection<ActivityDoc>(ADMIN_LOGS);
      // Pages are newest first; ties broken by _id so paging is stable.
      await logs.createIndex({ createdAt: -1, _id: -1 });
    },
    async apply(event, store) {
      const row = rows[event.type];
      if (!row) return [];
      const actors = store.collection<ActorDoc>(ACTIVITY_ACTORS);
      for (const { actorType, actorId, name } of row.names?.(event.data, event) ?? []) {
        await upsertOnce(actors, actorKey(actorType, actorId), event.position, { $set: { name } });
      }
      const draft = row.entry?.(event.data, event);
      if (!draft) return [];
      const logs = store.collection<ActivityDoc>(ADMIN_LOGS);
      const entry = await toEntry(event, draft, store);
      const { id, ...fields } = entry;
      const inserted = await insertOnce(logs, { _id: id, ...fields }, event.position);
      // Pushed even when the entry was already there: nodes sharing MongoDB each follow the log for their own
      // sockets, and only the first inserts. The entry stored first is the one every node announces.
      const stored = inserted ? null : await logs.findOne({ _id: id });
      return [{ rooms: [ADMINS_ROOM], event: 'activity', payload: stored ? toActivityEntry(stored) : entry }];
    },
  };
}

async function toEntry(event: RecordedEvent, draft: ActivityDraft, store: ReadStore): Promise<ActivityEntry> {
  const actor =
    draft.actorId === null ? null : await store.collection<ActorDoc>(ACTIVITY_ACTORS).findOne({ _id: actorKey(draft.actorType, draft.actorId) }, { projection: { name: 1 } });
  const at = (event.data as { at?: unknown } | null)?.at;
  return {
    id: event.id,
    ...draft,
    actorName: draft.actorType === 'system' ? 'System' : (actor?.name ?? null),
    adminId: draft.actorType === 'admin' ? draft.actorId : null,
    ipAddress: metadataText(event, 'ipAddress'),
    userAgent: metadataText(event, 'userAgent'),
    createdAt: typeof at === 'string' ? at : event.recordedAt,
  };
}

function metadataText(event: RecordedEvent, key: string): string | null {
  const value = event.metadata[key];
  return typeof value === 'string' ? value : null;
}

/** Entries whose action, actor name, resource type or id, or IP address contain `search`, case-insensitively. */
export function activitySearchFilter(search: string): Filter {
  const term = search.trim();
  if (term === '') return {};
  const pattern = { $regex: escapeRegex(term), $options: 'i' };
  return { $or: ['action', 'actorName', 'resourceType', 'resourceId', 'ipAddress'].map((field) => ({ [field]: pattern })) };
}

export function toActivityEntry({ _id, _position: _ignored, ...fields }: ActivityDoc): ActivityEntry {
  return { id: _id, ...fields };
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
