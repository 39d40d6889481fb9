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
   * When the debt falls due: the recordedAt of the event that caused it, or a
   * later time for work the clock brings (a refund due at a listing's close,
   * docs/decisions/0059). An item is not worked on before it.
   */
  since: string;
  /** The id of that event, for the completing append's causationId. */
  causationId: string;
  /** When the completing event happened; null while pending. */
  doneAt: string | null;
  _position?: number;
};
