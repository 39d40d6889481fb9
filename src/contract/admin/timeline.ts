/*
 * Admin time travel (docs/decisions/0041): one listing's or account's stream
 * as the server answers it and the portal reads it. Events come straight from
 * the log; the state is the domain's own fold over the events up to a moment,
 * with every secret replaced by SECRET_MASK.
 */

export const TIMELINE_KINDS = ['listing', 'account'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** Who appended an event, from its metadata: a signed-in person, a process manager, or nobody recorded (`null`). */
export type TimelineActor = { kind: 'admin' | 'user'; id: string; name: string | null } | { kind: 'system'; id: string; name: string };

/** A field the event changed in the folded state, as short text. */
export interface TimelineChange {
  field: string;
  before: string;
  after: string;
}

export interface TimelineEvent {
  /** The event's place in the whole log. */
  position: number;
  /** Its place in the stream, from 0. */
  revision: number;
  type: string;
  /** When it happened: the event's own time, as the activity log shows it. */
  at: string;
  actor: TimelineActor | null;
  clientAddress: string | null;
  summary: string;
  changes: TimelineChange[];
}

/** The state folded from the stream's first event through `revision` (-1: before the first event). */
export interface TimelineState {
  /** The moment asked for, or the chosen event's time; null for now. */
  at: string | null;
  revision: number;
  /** Plain JSON; secrets are SECRET_MASK. */
  state: Record<string, unknown>;
}

/** GET /api/admin/timeline/{kind}/{id}: a page of events, oldest first, in the list contract (0032), and the state at a moment. */
export interface TimelineAnswer {
  kind: TimelineKind;
  id: string;
  stream: string;
  items: TimelineEvent[];
  nextCursor: string | null;
  total: number;
  stateAt: TimelineState;
}

/** What a password hash, a token's hash or any other secret reads as in a timeline. */
export const SECRET_MASK = '[hidden]';

/** 'PropertyActivationToggled' as 'Property activation toggled'. */
export function typeInWords(type: string): string {
  const words = type.replace(/([a-z\d])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
