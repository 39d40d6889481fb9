import type { Db } from 'mongodb';
import { Binary, MongoServerError } from 'mongodb';
import type { PersonalKeys } from './keys';
import { newKey } from './keys';

/** Not a read model: `projections:rebuild` drops only the read models' generations, never this collection. */
export const PERSONAL_KEYS_COLLECTION = 'personal_keys';

type KeyDocument = { _id: string; key: Binary | null; erasedAt?: Date };

const DUPLICATE_KEY = 11000;

/**
 * Keys in the MongoDB every node shares. An erased subject keeps a document
 * with no key: the tombstone that stops keyFor making a new one.
 */
export function createMongoPersonalKeys(db: Db, close: () => Promise<void> = async () => {}): PersonalKeys {
  const collection = db.collection<KeyDocument>(PERSONAL_KEYS_COLLECTION);
  const find = async (subjectId: string) => {
    const document = await collection.findOne({ _id: subjectId });
    return document?.key ? Buffer.from(document.key.buffer) : null;
  };
  return {
    async keyFor(subjectId) {
      try {
        await collection.updateOne({ _id: subjectId }, { $setOnInsert: { key: new Binary(newKey()) } }, { upsert: true });
      } catch (error) {
        // Two upserts racing on a new _id: one inserts, the other fails on the unique index; the winner's key stands.
        if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
      }
      return find(subjectId);
    },
    find,
    async erase(subjectId) {
      await collection.updateOne({ _id: subjectId }, { $set: { key: null, erasedAt: new Date() } }, { upsert: true });
    },
    close,
  };
}
