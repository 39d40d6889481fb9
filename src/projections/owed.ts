/**
 * What a process manager still owes (docs/decisions/0029): one document per
 * item, written when the log shows the debt and marked done, never deleted,
 * when the log shows it paid. Kept rather than deleted so a node that lags on
 * a shared read store cannot bring a paid item back with its older event: the
 * position guard of `upsertOnce` refuses it.
 */
export type OwedDoc = {
  _id: string;
  /**
   * When the debt appeared: the recordedAt of the event that caused it; for
   * work the clock brings, its `dueAt` (how long it is overdue counts from then).
   */
  since: string;
  /**
   * Work the clock brings (a refund due at a listing's close, docs/decisions/0059):
   * not worked on before this time of the app's clock. Absent or null: due at once.
   */
  dueAt?: string | null;
  /** The id of that event, for the completing append's causationId. */
  causationId: string;
  /** When the completing event happened; null while pending. */
  doneAt: string | null;
  _position?: number;
};
