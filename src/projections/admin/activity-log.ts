import { ADMINS_ROOM } from '../../contract/realtime';
import type { ActivityEntry } from '../../contract/admin/activity';
import type { RecordedEvent } from '../../event-store/port';
import type { Collection, Filter, ReadStore } from '../../read-store/port';
import type { ActivityTable } from './activity-mappings';
import { ACTIVITY_TABLE } from './activity-mappings';
import type { ActivityDraft, ActivityRow, NameDoc, NamedKind } from './activity-rows';
import type { Projection } from '../projection';
import { insertOnce, upsertOnce } from '../projection';

export type { ActivityEntry } from '../../contract/admin/activity';

export const ADMIN_LOGS = 'admin_logs';
/**
 * Names of people, listings and legal documents as of each event (and the
 * values later changes compare against), so replaying the log gives every
 * entry the names it had.
 */
export const ACTIVITY_ACTORS = 'activity_actors';

export type ActivityDoc = Omit<ActivityEntry, 'id'> & { _id: string; _position?: number };

const NAMED_KINDS: ReadonlySet<string> = new Set<NamedKind>(['user', 'admin', 'property', 'legal_document']);
const nameKey = (kind: string, id: string) => `${kind}:${id}`;

/**
 * The admin activity log (`admin_logs`): one entry per event the table names,
 * with the request's IP and user agent from the event's metadata, its target
 * by name and what it changed. Each entry is pushed to the `admins` room as
 * `activity`; a client may see one again after a redelivery and keeps entries by id.
 */
export function createActivityLogProjection(table: ActivityTable = ACTIVITY_TABLE): Projection {
  const rows = table as Record<string, ActivityRow<{ type: string; data: unknown }> | undefined>;
  return {
    name: ADMIN_LOGS,
    collections: [ADMIN_LOGS, ACTIVITY_ACTORS],
    handles: Object.keys(table),
    async setup(store) {
      const logs = store.collection<ActivityDoc>(ADMIN_LOGS);
      // Pages are newest first; ties broken by _id so paging is stable.
      await logs.createIndex({ createdAt: -1, _id: -1 });
    },
    async apply(event, store) {
      const row = rows[event.type];
      if (!row) return [];
      const directory = store.collection<NameDoc>(ACTIVITY_ACTORS);
      // The target as the directory knew it before this event: what an edit's "before" is.
      const peek = row.entry?.(event.data, event, null);
      const ref = peek ? targetRef(peek) : null;
      const key = ref ? nameKey(ref.kind, ref.id) : null;
      const before = key ? await directory.findOne({ _id: key }) : null;
      let renamed = false;
      for (const { kind, id, name, email, fields } of row.names?.(event.data, event) ?? []) {
        const set = { name, ...(email === undefined ? {} : { email }), ...(fields === undefined ? {} : { fields }) };
        renamed ||= nameKey(kind, id) === key;
        await upsertOnce(directory, nameKey(kind, id), event.position, { $set: set });
      }
      // An entry that does not read `before` (two parameters: ActivityRow.entry) would give the peek again.
      const draft = peek && before !== null && (row.entry?.length ?? 0) >= 3 ? row.entry?.(event.data, event, before) : peek;
      if (!draft) return [];
      const logs = store.collection<ActivityDoc>(ADMIN_LOGS);
      // The target's entry as read above is still the directory's unless this event renamed it: not read again.
      const entry = await toEntry(event, draft, store, key !== null && !renamed ? { key, doc: before } : undefined);
      const inserted = await insertOnce(logs, toActivityDoc(entry), event.position);
      // Pushed even when the entry was already there: nodes sharing MongoDB each follow the log for their own
      // sockets, and only the first inserts. The entry stored first is the one every node announces.
      const stored = inserted ? null : await logs.findOne({ _id: entry.id });
      return [{ rooms: [ADMINS_ROOM], event: 'activity', payload: stored ? toActivityEntry(stored) : entry }];
    },
  };
}

/** The directory entry that names the draft's target, if any. */
function targetRef(draft: ActivityDraft): { kind: NamedKind; id: string } | null {
  if (draft.target) return 'kind' in draft.target ? draft.target : null;
  return draft.resourceId !== null && NAMED_KINDS.has(draft.resourceType) ? { kind: draft.resourceType as NamedKind, id: draft.resourceId } : null;
}

async function toEntry(event: RecordedEvent, draft: ActivityDraft, store: ReadStore, known?: { key: string; doc: NameDoc | null }): Promise<ActivityEntry> {
  const directory = store.collection<NameDoc>(ACTIVITY_ACTORS);
  const actor = draft.actorId === null || draft.actorType === 'system' ? null : await lookupName(directory, nameKey(draft.actorType, draft.actorId), known);
  const ref = targetRef(draft);
  const named = ref ? await lookupName(directory, nameKey(ref.kind, ref.id), known) : null;
  const literal = draft.target && !('kind' in draft.target) ? draft.target : null;
  // A listing says when in `listedAt`; every other event in `at`.
  const data = event.data as { at?: unknown; listedAt?: unknown } | null;
  const at = data?.at ?? data?.listedAt;
  // Field by field, not by rest and spread: drafts of every row's shape meet here, where V8's spread takes its slow path.
  const entry: Record<string, unknown> = { id: event.id };
  for (const field in draft) if (field !== 'target' && field !== 'changes') entry[field] = draft[field as keyof ActivityDraft];
  entry.actorName = draft.actorType === 'system' ? 'System' : (actor?.name ?? null);
  entry.adminId = draft.actorType === 'admin' ? draft.actorId : null;
  entry.targetName = literal ? literal.name : (named?.name ?? null);
  entry.targetEmail = literal ? literal.email : (named?.email ?? null);
  entry.changes = draft.changes ?? [];
  entry.ipAddress = metadataText(event, 'ipAddress');
  entry.userAgent = metadataText(event, 'userAgent');
  entry.createdAt = typeof at === 'string' ? at : event.recordedAt;
  return entry as unknown as ActivityEntry;
}

/** The stored document of an entry: `_id` for `id`, the other fields in their order. */
function toActivityDoc(entry: ActivityEntry): ActivityDoc {
  const doc: Record<string, unknown> = { _id: entry.id };
  for (const field in entry) if (field !== 'id') doc[field] = entry[field as keyof ActivityEntry];
  return doc as ActivityDoc;
}

// Not a closure per entry: under tsx each one made also pays for esbuild's `__name`.
function lookupName(directory: Collection<NameDoc>, key: string, known: { key: string; doc: NameDoc | null } | undefined): Promise<NameDoc | null> | NameDoc | null {
  return known?.key === key ? known.doc : directory.findOne({ _id: key }, { projection: { name: 1, email: 1 } });
}

function metadataText(event: RecordedEvent, key: string): string | null {
  const value = event.metadata[key];
  return typeof value === 'string' ? value : null;
}

export const ACTIVITY_SEARCH_FIELDS = ['targetName', 'targetEmail', 'actorName', 'action', 'resourceType', 'resourceId', 'ipAddress'] as const;

/** Entries whose target's name or email, actor name, action, resource or IP address contain `search`, case-insensitively. */
export function activitySearchFilter(search: string): Filter {
  const term = search.trim();
  if (term === '') return {};
  const pattern = { $regex: escapeRegex(term), $options: 'i' };
  return { $or: ACTIVITY_SEARCH_FIELDS.map((field) => ({ [field]: pattern })) };
}

export interface ActivityFilters {
  search?: string | undefined;
  actorType?: string | undefined;
  actorId?: string | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
}

/** The log's filters but dates, as read-store filters, every one of which must hold. */
export function activityFilters({ search, actorType, actorId, action, targetType }: ActivityFilters): Filter[] {
  return [
    activitySearchFilter(search ?? ''),
    actorType ? { actorType } : {},
    actorId ? { actorId } : {},
    action ? { action } : {},
    targetType ? { resourceType: targetType } : {},
  ];
}

export function toActivityEntry({ _id, _position: _ignored, ...fields }: ActivityDoc): ActivityEntry {
  return { id: _id, ...fields };
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
