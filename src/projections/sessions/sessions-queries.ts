import type { ReadStore } from '../../read-store/port';
import type { EndedSessionDoc } from './sessions';
import { ENDED_SESSIONS } from './sessions';

/** Whether this session was signed out: its id among the ended sessions. */
export async function isSessionEnded(store: ReadStore, sessionId: string): Promise<boolean> {
  return (await store.collection<EndedSessionDoc>(ENDED_SESSIONS).findOne({ _id: sessionId }, { projection: { _id: 1 } })) !== null;
}
