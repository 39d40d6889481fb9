import type { Context } from 'hono';
import type { AuditEvent, AuditSubjectKind } from '../../../domain/audit/events';
import { auditStreamId } from '../../../domain/audit/events';
import { expected } from '../../../event-store/port';
import type { AppDeps } from '../../deps';
import type { AppEnv } from '../../context';
import { requestMetadata } from '../../context';

/** As long as a command's answer waits for the read models (src/http/commands.ts). */
const READ_YOUR_WRITES_MS = 5000;

/**
 * Records an act that changes no state (docs/decisions/0034) in the audit
 * stream of the person it concerns, with who and from where in its metadata.
 * Appended with "any revision": nothing is decided, so the stream is never
 * read. Like a command, it answers once the activity log shows the entry.
 */
export async function recordAudit(
  deps: Pick<AppDeps, 'eventStore' | 'projections' | 'logger'>,
  c: Context<AppEnv>,
  subject: { kind: AuditSubjectKind; id: string | null },
  event: AuditEvent,
): Promise<void> {
  const streamId = auditStreamId(subject.kind, subject.id);
  const { position } = await deps.eventStore.append(
    streamId,
    [{ id: crypto.randomUUID(), type: event.type, data: event.data, metadata: requestMetadata(c) }],
    expected.any,
  );
  c.set('logPosition', Math.max(position, c.get('logPosition') ?? position));
  if (!(await deps.projections.waitFor(position, READ_YOUR_WRITES_MS))) {
    deps.logger.warn('read models lag behind an audit record', { requestId: c.get('requestId'), streamId, position });
  }
}

/** The filters an export was made with, as the audit entry shows them: only those given. */
export function exportFilters(filters: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
}
